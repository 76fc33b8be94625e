import { options, type VNode } from 'preact';
// The compat layer first: its vnode hook turns onChange into oninput before this file's runs.
import 'react';

/**
 * The app is written for React and runs on Preact's compat layer (vite-preact.ts; decision 054).
 * Where the two differ in a way the pages rely on, this gives React's behaviour:
 * - a controlled text field shows its rendered value after every input event, so a handler that
 *   rejects a keystroke (a mask, a length) leaves the field as it was (Preact re-renders only on
 *   a state change and would leave the rejected text on screen);
 * - a text field's onChange also hears a `change` event with a value it has not seen (autofill);
 *   the compat layer maps onChange to `input` only;
 * - a controlled select has its option selected after every render;
 * - effects run on the task after the render rather than a frame later.
 * main.tsx imports it before anything renders. The component tests run on React (decision 054).
 */

/** What the last render of each controlled field gave it. */
const rendered = new WeakMap<EventTarget, string>();
const listening = new WeakSet<EventTarget>();

// The element of a rendered vnode: Preact's `_dom`, which its build names `__e` (stable across
// Preact 10 and 11; preact/debug and the devtools read it under that name).
const elementOf = (vnode: VNode): EventTarget | undefined =>
  (vnode as unknown as { __e?: EventTarget | null }).__e ?? undefined;

const propsOf = (vnode: VNode): Record<string, unknown> => vnode.props as Record<string, unknown>;

const isTextField = (vnode: VNode): boolean =>
  (vnode.type === 'input' || vnode.type === 'textarea') &&
  !/^(file|checkbox|radio)$/.test(String(propsOf(vnode).type ?? ''));

// After the handler and the re-render it caused (Preact renders on a microtask, queued by the
// handler's setState before this one), a field that still differs from its rendered value gets it
// back.
function restoreRenderedValue(event: Event): void {
  const field = event.currentTarget as HTMLInputElement | HTMLTextAreaElement;
  queueMicrotask(() => {
    const value = rendered.get(field);
    if (value !== undefined && field.value !== value) field.value = value;
  });
}

const previousVnode = options.vnode;
options.vnode = (vnode) => {
  previousVnode?.(vnode);
  if (!isTextField(vnode)) return;
  const props = propsOf(vnode);
  const onInput = props.oninput;
  if (typeof onInput !== 'function' || !('value' in props) || props.onchange) return;
  props.onchange = (event: Event) => {
    const field = event.currentTarget as HTMLInputElement;
    if (field.value !== rendered.get(field)) (onInput as (event: Event) => void)(event);
  };
};

// React selects a controlled select's option on every render. Preact sets `value` only when it
// differs from the element's, and options added or removed under it can leave nothing selected.
function selectRenderedOption(vnode: VNode): void {
  const select = elementOf(vnode) as HTMLSelectElement | undefined;
  const value = propsOf(vnode).value;
  if (!select || value == null || select.multiple) return;
  if (select.selectedIndex < 0 || select.value !== String(value)) select.value = String(value);
}

const previousDiffed = options.diffed;
options.diffed = (vnode) => {
  previousDiffed?.(vnode);
  if (vnode.type === 'select') selectRenderedOption(vnode);
  if (!isTextField(vnode)) return;
  const element = elementOf(vnode);
  if (!element) return;
  const value = propsOf(vnode).value;
  if (value == null) {
    rendered.delete(element);
    return;
  }
  rendered.set(element, String(value));
  if (listening.has(element)) return;
  listening.add(element);
  // After Preact's own listener (added when the props were set, before this).
  element.addEventListener('input', restoreRenderedValue);
  element.addEventListener('change', restoreRenderedValue);
};

// Effects (useEffect) run on the task after the render, as React runs them, rather than after the
// next animation frame (Preact's default, a frame later): a field focused after a refusal, or a
// message an effect shows, is there when the render that caused it has settled.
options.requestAnimationFrame = (callback) => setTimeout(callback);
