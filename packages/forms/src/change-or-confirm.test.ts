import { describe, expect, it } from 'vitest';
import { changeOrConfirmReducer, initChangeOrConfirm } from './change-or-confirm';
import type { ChangeOrConfirmAction, ChangeOrConfirmState } from './change-or-confirm';

type S = ChangeOrConfirmState<string>;
type A = ChangeOrConfirmAction<string>;

describe('initChangeOrConfirm', () => {
  it.each([
    ['A', { mode: 'view', value: 'A', previousValue: 'A' }],
    [undefined, { mode: 'change', value: undefined, previousValue: undefined }],
  ])('%j -> %j', (value, expected) => {
    expect(initChangeOrConfirm(value)).toEqual(expected);
  });
});

describe('changeOrConfirmReducer', () => {
  const view: S = { mode: 'view', value: 'A', previousValue: 'A' };
  const changing: S = { mode: 'change', value: undefined, previousValue: 'A' };
  const empty: S = { mode: 'change', value: undefined, previousValue: undefined };
  it.each<[string, S, A, S]>([
    [
      'choose goes to view',
      changing,
      { type: 'choose', value: 'B' },
      { mode: 'view', value: 'B', previousValue: 'B' },
    ],
    ['change clears the value', view, { type: 'change' }, changing],
    [
      'override keeps the value',
      view,
      { type: 'override' },
      { mode: 'override', value: 'A', previousValue: 'A' },
    ],
    ['reset from change restores previous', changing, { type: 'reset' }, view],
    [
      'reset from override returns to view',
      { mode: 'override', value: 'A', previousValue: 'A' },
      { type: 'reset' },
      view,
    ],
    ['reset without a previous value stays', empty, { type: 'reset' }, empty],
  ])('%s', (_name, state, action, expected) => {
    expect(changeOrConfirmReducer(state, action)).toEqual(expected);
  });
});
