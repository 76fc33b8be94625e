import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest `value` (a caller's callback, typically): an effect that
 * calls it through the ref sees the newest one without re-running each time the parent passes a
 * new function. Updated after render, so read it in effects and handlers, not while rendering.
 */
export function useLatestRef<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
