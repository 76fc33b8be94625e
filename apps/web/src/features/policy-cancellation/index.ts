// Cancelling a policy (spec 3 §4 "Cancellation", §9): the cancel flow, its confirmation page and
// the details sidebar's card that leads into it.
export { CancelRoutes } from './cancel-routes';
export { CancelSidebarCard } from './cancel-sidebar-card';
export { CancellationConfirmationPage } from './cancellation-confirmation-page';
