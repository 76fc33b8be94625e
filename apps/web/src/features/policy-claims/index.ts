// The policy's claims tab (spec 3 §2): claims declared and made, the no-claims letter, reporting
// a new claim.
export { ClaimsTab } from './claims-tab';
