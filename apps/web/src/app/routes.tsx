import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { CallbackPage } from '../features/auth/callback-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { HomePage } from '../features/home/home-page';
import { paths } from '../lib/paths';
import { ProductLayout } from './product-layout';
import { AnonymousOnlyRoute, ProtectedRoute } from './protected-route';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { lazyPage } from './lazy-page';

// Every area but home and sign-in loads on first visit (first-route JS budget, issue 5).
const AccountSettingsPage = lazyPage(() =>
  import('../features/account/account-pages').then((m) => m.AccountSettingsPage),
);
const AccountSettingPage = lazyPage(() =>
  import('../features/account/account-pages').then((m) => m.AccountSettingPage),
);
const ImpersonatePage = lazyPage(() =>
  import('../features/admin/impersonate-page').then((m) => m.ImpersonatePage),
);
const StaffConsolePage = lazyPage(() =>
  import('../features/admin/staff-console-page').then((m) => m.StaffConsolePage),
);
const StaffCustomerPage = lazyPage(() =>
  import('../features/admin/customer-page').then((m) => m.CustomerPage),
);
const MidPage = lazyPage(() => import('../features/admin/mid-page').then((m) => m.MidPage));
const ReinstatePage = lazyPage(() =>
  import('../features/admin/reinstate-page').then((m) => m.ReinstatePage),
);
const AuditPage = lazyPage(() => import('../features/admin/audit-page').then((m) => m.AuditPage));
const JobsPage = lazyPage(() => import('../features/admin/jobs-page').then((m) => m.JobsPage));
const RefundsPage = lazyPage(() =>
  import('../features/admin/refunds-page').then((m) => m.RefundsPage),
);
const ReconciliationPage = lazyPage(() =>
  import('../features/admin/reconciliation-page').then((m) => m.ReconciliationPage),
);
const NotTakenUpPage = lazyPage(() =>
  import('../features/admin/not-taken-up-page').then((m) => m.NotTakenUpPage),
);
const FinancePage = lazyPage(() =>
  import('../features/admin/finance-page').then((m) => m.FinancePage),
);
const ErrorsPage = lazyPage(() =>
  import('../features/admin/errors-page').then((m) => m.ErrorsPage),
);
const CookieSettingsPage = lazyPage(() =>
  import('../features/cookie-consent/cookie-settings-page').then((m) => m.CookieSettingsPage),
);
const InsightsPage = lazyPage(() =>
  import('../features/admin/insights-page').then((m) => m.InsightsPage),
);
const ClockPage = lazyPage(() => import('../features/admin/clock-page').then((m) => m.ClockPage));
const ChatInboxPage = lazyPage(() =>
  import('../features/admin/chat-inbox-page').then((m) => m.ChatInboxPage),
);
const PolicyPage = lazyPage(() => import('./policy/policy-page').then((m) => m.PolicyPage));
const UnsupportedBrowserPage = lazyPage(() =>
  import('../features/quote').then((m) => m.UnsupportedBrowserPage),
);
const RenewalPage = lazyPage(() =>
  import('../features/renewal/renewal-page').then((m) => m.RenewalPage),
);
const RetrievePage = lazyPage(() =>
  import('../features/retrieve/retrieve-page').then((m) => m.RetrievePage),
);
const ProposalRoutes = lazyPage(() => import('./proposal-routes').then((m) => m.ProposalRoutes));
// A product's index only creates a proposal and opens it: its chunk comes in the meantime.
const ProductStartPage = lazyPage(() => {
  void ProposalRoutes.preload();
  return import('../features/product/product-start-page').then((m) => m.ProductStartPage);
});

const goHome = <Navigate to={paths.home()} replace />;

// The route table of spec 1 §2. Static segments rank above /:productUrlName.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'retrieve/*',
        element: (
          <AnonymousOnlyRoute>
            <RetrievePage />
          </AnonymousOnlyRoute>
        ),
        handle: { hideAccountNav: true } satisfies RouteHandle,
      },
      // The staff console (issue 18): search, a customer, the audit trail, acting for a customer
      // by id (also /admin?impersonate=); each shows Unauthorised to anyone but staff.
      {
        path: 'admin',
        children: [
          { index: true, element: <StaffConsolePage /> },
          {
            path: 'customers/:userId',
            element: <StaffCustomerPage />,
            handle: { up: () => paths.admin() } satisfies RouteHandle,
          },
          {
            path: 'customers/:userId/policies/:policyId/reinstate',
            element: <ReinstatePage />,
          },
          { path: 'audit', element: <AuditPage /> },
          { path: 'jobs', element: <JobsPage /> },
          { path: 'refunds', element: <RefundsPage /> },
          { path: 'reconciliation', element: <ReconciliationPage /> },
          { path: 'not-taken-up', element: <NotTakenUpPage /> },
          { path: 'mid', element: <MidPage /> },
          { path: 'finance', element: <FinancePage /> },
          { path: 'errors', element: <ErrorsPage /> },
          { path: 'insights', element: <InsightsPage /> },
          { path: 'clock', element: <ClockPage /> },
          { path: 'chat', element: <ChatInboxPage /> },
          { path: 'impersonate', element: <ImpersonatePage /> },
          { path: '*', element: <Navigate to={paths.admin()} replace /> },
        ],
      },
      { path: 'callback', element: <CallbackPage /> },
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'cookie-settings', element: <CookieSettingsPage /> },
      { path: 'unsupported-browser', element: <UnsupportedBrowserPage /> },
      {
        path: 'account',
        element: <ProtectedRoute />,
        children: [
          { index: true, element: <AccountSettingsPage /> },
          {
            path: ':name',
            element: <AccountSettingPage />,
            handle: { up: () => paths.account() } satisfies RouteHandle,
          },
          { path: '*', element: goHome },
        ],
      },
      {
        path: ':productUrlName',
        element: <ProductLayout />,
        children: [
          { index: true, element: <ProductStartPage /> },
          { path: 'proposal/:proposalCode/*', element: <ProposalRoutes /> },
          {
            path: 'renewal/:proposalCode/*',
            element: (
              <ProtectedRoute>
                <RenewalPage />
              </ProtectedRoute>
            ),
          },
          {
            path: 'policy/:policyId/*',
            element: (
              <ProtectedRoute>
                <PolicyPage />
              </ProtectedRoute>
            ),
          },
          { path: '*', element: goHome },
        ],
      },
      { path: '*', element: goHome },
    ],
  },
];
