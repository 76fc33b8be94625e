import { describe, expect, it } from 'vitest';
import type { FormContext } from './conditions';
import { parseInputDefinition } from './input-definition';
import {
  addQuestionLoopRow,
  cancelQuestionLoopRow,
  confirmQuestionLoopRow,
  getQuestionLoopValue,
  initQuestionLoop,
  removeQuestionLoopRow,
  setQuestionLoopEnabled,
  summariseQuestionLoopRows,
  updateQuestionLoopRow,
} from './question-loop';

const context: FormContext = { now: new Date('2026-03-10T12:00:00Z') };
const input = parseInputDefinition({
  name: 'claims',
  type: 'questionLoop',
  validation: { required: true, maxRows: 2 },
  meta: { summaryFields: ['type', 'date'] },
  inputs: [
    {
      name: 'date',
      type: 'date',
      validation: { required: true, afterOrEqual: { offset: '-P5Y' } },
    },
    {
      name: 'type',
      type: 'select',
      validation: { required: true },
      meta: { label: 'Type', options: [{ value: 'Theft', text: 'Theft' }] },
    },
  ],
});
const args = { input, values: {}, context };

describe('question loop', () => {
  it('starts unanswered, [] as no, rows as yes', () => {
    expect(initQuestionLoop(undefined)).toEqual({ enabled: undefined, rows: [], editing: false });
    expect(initQuestionLoop([])).toEqual({ enabled: false, rows: [], editing: false });
    expect(initQuestionLoop([{ type: 'Theft' }]).enabled).toBe(true);
    expect(getQuestionLoopValue(initQuestionLoop(undefined))).toBeUndefined();
  });

  it('yes opens an empty row; no stores []', () => {
    const opened = setQuestionLoopEnabled(initQuestionLoop(undefined), true);
    expect(opened).toEqual({ enabled: true, rows: [{}], editing: true });
    expect(getQuestionLoopValue(setQuestionLoopEnabled(opened, false))).toEqual([]);
  });

  it('confirm validates the current row only and then stops editing', () => {
    let state = setQuestionLoopEnabled(initQuestionLoop(undefined), true);
    const refused = confirmQuestionLoopRow({ ...args, state });
    expect(refused.errors).toEqual({
      date: 'Please answer this question',
      type: 'Please choose an answer',
    });
    expect(refused.state).toBe(state);
    state = updateQuestionLoopRow(state, 'date', '2025-01-01');
    state = updateQuestionLoopRow(state, 'type', 'Theft');
    const confirmed = confirmQuestionLoopRow({ ...args, state });
    expect(confirmed.errors).toEqual({});
    expect(confirmed.state.editing).toBe(false);
    expect(getQuestionLoopValue(confirmed.state)).toEqual([{ date: '2025-01-01', type: 'Theft' }]);
  });

  it('add another validates the current row only, then appends a row', () => {
    const earlier = { date: '2020-01-01', type: 'Theft' }; // out of range, but not the current row
    const state = { enabled: true, rows: [earlier, { date: '2025-01-01' }], editing: true };
    expect(addQuestionLoopRow({ ...args, state }).errors).toEqual({
      type: 'Please choose an answer',
    });
    const done = updateQuestionLoopRow(state, 'type', 'Theft');
    const result = addQuestionLoopRow({
      ...args,
      input: { ...input, validation: { maxRows: 5 } },
      state: done,
    });
    expect(result.errors).toEqual({});
    expect(result.state.rows).toHaveLength(3);
    expect(getQuestionLoopValue(result.state)).toHaveLength(2);
  });

  it('add another stops at maxRows', () => {
    const state = {
      enabled: true,
      rows: [
        { date: '2025-01-01', type: 'Theft' },
        { date: '2025-02-01', type: 'Theft' },
      ],
      editing: false,
    };
    expect(addQuestionLoopRow({ ...args, state }).errors).toEqual({
      claims: 'You can add up to 2',
    });
  });

  it('cancel removes the last row; cancelling the only row turns the loop off', () => {
    const two = { enabled: true, rows: [{ type: 'Theft' }, {}], editing: true };
    expect(cancelQuestionLoopRow(two)).toEqual({
      enabled: true,
      rows: [{ type: 'Theft' }],
      editing: false,
    });
    const only = setQuestionLoopEnabled(initQuestionLoop(undefined), true);
    const off = cancelQuestionLoopRow(only);
    expect(off).toEqual({ enabled: false, rows: [], editing: false });
    expect(getQuestionLoopValue(off)).toEqual([]);
  });

  it('removing the last remaining row turns the loop off', () => {
    expect(removeQuestionLoopRow(initQuestionLoop([{ type: 'Theft' }]), 0).enabled).toBe(false);
    expect(removeQuestionLoopRow(initQuestionLoop([{ a: 1 }, { a: 2 }]), 0).rows).toEqual([
      { a: 2 },
    ]);
  });

  it('summarises the listed fields with option texts', () => {
    expect(
      summariseQuestionLoopRows({ input, rows: [{ date: '2025-01-01', type: 'Theft' }] }),
    ).toEqual([
      [
        { name: 'type', label: 'Type', value: 'Theft' },
        { name: 'date', label: 'date', value: '2025-01-01' },
      ],
    ]);
  });
});
