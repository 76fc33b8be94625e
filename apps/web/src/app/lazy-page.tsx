import { Suspense, lazy } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { Spinner } from '../components/ui/spinner';
import { loadAreaTexts } from '../lib/i18n';

// Unit tests render a page as soon as they start: their chunks load with the route table instead
// of at first render, so a test's wait covers the page's own requests, not the module import.
const isTest = import.meta.env.MODE === 'test';
const testLoads: Promise<unknown>[] = [];

/** Tests: settles once every page chunk started by the route table has loaded (see setup.ts). */
export function whenPageChunksLoaded(): Promise<unknown> {
  return Promise.allSettled(testLoads);
}

/**
 * Resolves once the browser has painted what is already rendered (the shell and the page loader):
 * a page chunk arriving at once would otherwise hold back the first paint with its evaluation.
 */
function afterNextPaint(): Promise<void> {
  if (isTest || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A page loaded on first visit, in its own chunk, so the first route's JavaScript stays small
 * (issue 5 performance budget). Shows the page loader while the chunk and texts arrive.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ((props: Props) => ReactElement) & { preload: () => Promise<unknown> } {
  let loading: Promise<ComponentType<Props>> | null = null;
  // The page's texts arrive with its chunk, so it never renders keys (see loadAreaTexts).
  const start = () =>
    (loading ??= afterNextPaint()
      .then(() => Promise.all([load(), loadAreaTexts()]))
      .then(([component]) => component));
  if (isTest) testLoads.push(start());
  const Page = lazy(async () => ({ default: await start() }));
  function LazyPage(props: Props) {
    return (
      <Suspense fallback={<Spinner isBlock size="large" />}>
        <Page {...props} />
      </Suspense>
    );
  }
  /** Starts loading the page before it renders (a page that surely comes next). */
  LazyPage.preload = start;
  return LazyPage;
}
