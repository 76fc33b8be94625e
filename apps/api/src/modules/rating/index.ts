// Evaluation: rate + underwrite a proposal's data (proposals today; adjustments and renewals next).
export { evaluateProposal, isQuoteExpired, toCovers } from './evaluate';
export type { RatedSnapshot } from './snapshot';
