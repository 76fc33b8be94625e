// The checkout feature's public surface: the proposal router (app/proposal-routes.tsx) mounts
// these under a QUOTE proposal (account-setup, checkout/*) and a POLICY proposal (success).
export { AccountSetupPage } from './account-setup-page';
export { CheckoutRoutes } from './checkout-routes';
export { CheckoutSuccessPage } from './checkout-success-page';
