// Evaluation: rate + underwrite a proposal's data (proposals today; adjustments and renewals next).
export { evaluateProposal, isQuoteExpired, toCovers, type RatedSnapshot } from './evaluate';
