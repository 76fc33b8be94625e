import type { Params } from 'react-router';

/** Per-route data the page shell reads through useMatches(). */
export type RouteHandle = {
  /** The parent route for the up-button (a back link). */
  up?: (params: Params) => string;
  /** Hides the account navigation (e.g. on /retrieve). */
  hideAccountNav?: boolean;
};
