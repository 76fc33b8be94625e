import { useEffect, useRef } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useLocation } from 'react-router';

export type PageTransitionProps = { children?: ReactNode };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * On each route change: scrolls to the top and plays a fade + 20px slide-up (spec 1 §4),
 * skipped when the user prefers reduced motion. Children are not remounted.
 */
export function PageTransition({ children }: PageTransitionProps): ReactElement {
  const { pathname } = useLocation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    const element = ref.current;
    if (!element || prefersReducedMotion() || typeof element.animate !== 'function') return;
    element.animate(
      [
        { opacity: 0, transform: 'translateY(20px)' },
        { opacity: 1, transform: 'translateY(0)' },
      ],
      { duration: 300, easing: 'ease-out' },
    );
  }, [pathname]);

  return (
    <div ref={ref} className="page-transition">
      {children}
    </div>
  );
}
