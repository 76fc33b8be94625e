export { underwrite } from './underwrite';
export type { UnderwritingDriver, UnderwritingInput, UnderwritingResult } from './underwrite';
