// The quote feature's public surface: the proposal router (app/proposal-routes.tsx) mounts these.
export type { Proposal } from './api/get-proposal';
export { isEligibilityUnconfirmed } from './proposal-rules';
export { AddOnsPage } from './pages/add-ons-page';
export { ConfigurationPage } from './pages/configuration-page';
export { ExpiredQuotePage } from './pages/expired-page';
export { InsufficientAccuracyPage } from './pages/insufficient-accuracy-page';
export { ReferralPage } from './pages/referral-page';
export { SummaryPage } from './pages/summary-page';
export { UnsupportedBrowserPage } from './pages/unsupported-browser-page';
export { UpgradePage } from './pages/upgrade-page';
