import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageTransition } from '../components/ui/page-transition';
import { CookieConsentBanner } from '../features/cookie-consent/cookie-consent-banner';
import { Spinner } from '../components/ui/spinner';
import { usePageViews } from '../lib/analytics';
import { usePageClockRead } from '../lib/page-clock';
import { DemoClockBanner } from './demo-clock-banner';
import { PageShell } from './page-shell';
import type { RouteHandle } from './route-handle';

/** Moves focus to the new content on navigation, so screen readers start there. */
function useFocusMainOnNavigation(pathname: string) {
  // Compared with the previous path, not "first render": StrictMode runs effects twice.
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const isClockRead = usePageClockRead();
  useFocusMainOnNavigation(location.pathname);
  usePageViews(location.pathname);

  let up: string | undefined;
  let hideAccountNav = false;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.up) up = handle.up(match.params);
    if (handle?.hideAccountNav) hideAccountNav = true;
  }

  return (
    <PageShell up={up} hideAccountNav={hideAccountNav} after={<CookieConsentBanner />}>
      {/* The page tells the time by the server's clock (main.tsx): it waits for the first read. */}
      {isClockRead ? (
        <>
          <DemoClockBanner />
          {/* Fade + slide up 20px and scroll to top on navigation; none under reduced motion. */}
          <PageTransition>
            <Outlet />
          </PageTransition>
        </>
      ) : (
        <Spinner isBlock size="large" />
      )}
    </PageShell>
  );
}
