import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Preloadable = { preload: () => Promise<unknown> };

function hasPreload(type: unknown): type is Preloadable {
  return typeof type === 'function' && typeof (type as Partial<Preloadable>).preload === 'function';
}

/** Starts each lazy page (lazyPage) in the element and the elements it wraps. */
function preloadElement(node: ReactNode): void {
  if (!isValidElement<{ children?: ReactNode }>(node)) return;
  if (hasPreload(node.type)) void node.type.preload();
  preloadElement(node.props.children);
}

/**
 * Starts loading the page chunks the route table will render at `pathname`, before the first
 * render: the app waits for the page clock first (main.tsx), and each page's chunk would
 * otherwise start only once the app renders it, one round trip after the other.
 */
export function preloadPagesAt(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) preloadElement(match.route.element);
}
