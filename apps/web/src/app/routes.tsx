import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AccountSettingPage, AccountSettingsPage } from '../features/account/account-pages';
import { ImpersonatePage } from '../features/admin/impersonate-page';
import { CallbackPage } from '../features/auth/callback-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { HomePage } from '../features/home/home-page';
import { PolicyPage } from '../features/policy/policy-page';
import { UnsupportedBrowserPage } from '../features/quote';
import { ProductStartPage } from '../features/product/product-start-page';
import { RenewalPage } from '../features/renewal/renewal-page';
import { RetrievePage } from '../features/retrieve/retrieve-page';
import { paths } from './paths';
import { ProductLayout } from './product-layout';
import { ProposalRoutes } from './proposal-routes';
import { AnonymousOnlyRoute, ProtectedRoute } from './protected-route';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';

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
      // Admin mode: choose a customer to act for (also from ?impersonate=); shows Unauthorised otherwise.
      { path: 'admin', element: <ImpersonatePage /> },
      { path: 'callback', element: <CallbackPage /> },
      { path: 'sign-in', element: <SignInPage /> },
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
