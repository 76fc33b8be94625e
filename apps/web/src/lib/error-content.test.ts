import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { AppError, getErrorContent } from './error-content';
import { i18n } from './i18n';

const t = i18n.getFixedT('en-GB');

describe('error content (spec 1 §8)', () => {
  it('pins the catalogue texts', () => {
    expect(getErrorContent(new ApiError({ kind: 'NETWORK' }), t).content).toBe(
      'Please check your internet connection and try again.',
    );
    expect(getErrorContent(new AppError('SIGN_IN_FAILED'), t).content).toBe(
      'We were unable to sign you in at this time. Please try again.',
    );
    expect(getErrorContent(new ApiError({ kind: 'UNAUTHORIZED' }), t)).toEqual({
      header: 'Your session has expired',
      content: 'For your security, your session has ended. Please sign in again to continue.',
    });
    expect(
      getErrorContent(new ApiError({ kind: 'UNEXPECTED', status: 500, data: null }), t).header,
    ).toBe("It's not you, it's us...");
  });

  it('translates by error_description, else shows name and message', () => {
    const described = Object.assign(new Error('invalid_grant'), {
      error_description: 'Wrong email or verification code',
    });
    expect(getErrorContent(described, t)).toEqual({
      header: 'We could not sign you in',
      content: 'Wrong email or verification code',
    });
    const plain = new TypeError('Something odd');
    expect(getErrorContent(plain, t)).toEqual({ header: 'TypeError', content: 'Something odd' });
  });
});
