// The policy's details tab (spec 3 §2): the summary with its change links, renewal and
// auto-renewal, the motor insurance database notice, cover, add-ons and excess.
export { DetailsTab } from './details-tab';
export { usePrefetchPolicyMid } from './api/get-policy-mid';
