import { describe, expect, it } from 'vitest';
import type { CancellationOptionsResponse } from '@motor/contract';
import {
  readCancelFormValues,
  toEffectiveAt,
  toStoredReason,
  validateCancelForm,
} from './cancel-form-values';

// The cancel form's rules (spec 3 §5 "Cancellation form").

const options: CancellationOptionsResponse = {
  allowed: true,
  kind: 'Standard',
  deferredDates: ['2026-03-30'],
  reasons: ['Price', 'Other'],
  coolingOffEndsAt: null,
};

describe('cancel form rules', () => {
  it('needs when (standard only), a reason when reasons are configured, details for Other', () => {
    expect(validateCancelForm({ when: '', reason: '', details: '' }, options)).toEqual({
      when: 'form.whenRequired',
      reason: 'form.reasonRequired',
    });
    expect(
      validateCancelForm(
        { when: '', reason: 'Other', details: ' ' },
        {
          ...options,
          kind: 'CoolingOff',
        },
      ),
    ).toEqual({ details: 'form.detailsRequired' });
    expect(
      validateCancelForm({ when: 'now', reason: '', details: '' }, { ...options, reasons: [] }),
    ).toEqual({});
  });

  it('stores Other with its details as reason|details', () => {
    expect(toStoredReason({ when: 'now', reason: 'Other', details: ' Moving abroad ' })).toBe(
      'Other|Moving abroad',
    );
    expect(toStoredReason({ when: 'now', reason: 'Price', details: '' })).toBe('Price');
    expect(toStoredReason({ when: 'now', reason: '', details: '' })).toBeUndefined();
  });

  it('sends a later day as the start of that London day, and a day already begun as immediate', () => {
    const now = new Date('2026-03-28T10:00:00Z');
    // 30 March 2026 is in British Summer Time: the day starts at 23:00 UTC the evening before.
    expect(toEffectiveAt('2026-03-30', now)).toBe('2026-03-29T23:00:00.000Z');
    expect(toEffectiveAt('2026-03-28', now)).toBeUndefined();
    expect(toEffectiveAt('now', now)).toBeUndefined();
  });

  it('reads only well-formed answers from router state', () => {
    expect(readCancelFormValues(null)).toBeNull();
    expect(readCancelFormValues({ when: '', reason: '', details: '' })).toBeNull();
    expect(readCancelFormValues({ when: 'now', reason: 'Bogus', details: '' })).toBeNull();
    expect(readCancelFormValues({ when: 'now', reason: 'Price', details: '' })).toEqual({
      when: 'now',
      reason: 'Price',
      details: '',
    });
  });
});
