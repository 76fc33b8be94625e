// The disclosure part of the quote feature: the proposal router mounts DisclosureRoutes under
// `disclosure/*` and shows BeforeWeBeginPage while eligibility is unconfirmed. The proposal page
// shows progress from listDisclosureSections (each section, complete or not, and its path).
export { BeforeWeBeginPage } from './before-we-begin-page';
export { DisclosureRoutes } from './disclosure-routes';
