// The disclosure part of the quote feature: the proposal router mounts DisclosureRoutes under
// `disclosure/*` and shows BeforeWeBeginPage while eligibility is unconfirmed.
export { BeforeWeBeginPage } from './before-we-begin-page';
export { DisclosureRoutes } from './disclosure-routes';
