import { StrictMode } from 'react';
import './lib/react-on-preact';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPagesAt } from './app/preload-page';
import { routes } from './app/routes';
import { getLiveAuth } from './lib/auth/live-auth-state';
import { brand } from './lib/brand';
import { reportUncaughtErrors } from './lib/error-reporting';
import { startPageClock } from './lib/page-clock';
import { applyTheme, applyThemeColour } from './lib/theme';
import { saveTrackingParameters } from './lib/tracking';
import './lib/i18n';
import './styles/components.css';
import './styles/index.css';

// Theme tokens go on :root through the CSSOM: the CSP forbids inline <script> and <style>.
applyTheme(brand.theme, document.documentElement);
applyThemeColour(brand.theme);
document.title = brand.appName;
// Campaign parameters of the landing URL are kept for the session (spec 2 §9).
saveTrackingParameters(window.location.search);

reportUncaughtErrors(window);

const container = document.getElementById('root');
if (!container) throw new Error('No #root element in index.html');

// Outside production the pages tell the time by the server's clock, which staff may have moved
// forward at /admin/clock: the app's frame renders at once, and the page inside it once the
// offset is read (RootLayout).
void startPageClock();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// After the first paint, what the page needs loads beside the clock's read rather than after it:
// the sign-in client (every page asks whether someone is signed in) and the chunks of the page
// at this address.
requestAnimationFrame(() =>
  setTimeout(() => {
    void getLiveAuth().oidc();
    preloadPagesAt(routes, window.location.pathname);
  }, 0),
);
