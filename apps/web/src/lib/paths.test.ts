import { describe, expect, it } from 'vitest';
import { paths, safeReturnTo } from './paths';

describe('paths', () => {
  it('builds every route', () => {
    expect(paths.home()).toBe('/');
    expect(paths.product('flex')).toBe('/flex');
    expect(paths.proposal('flex', 'P-1')).toBe('/flex/proposal/P-1');
    expect(paths.renewal('flex', 'R 1')).toBe('/flex/renewal/R%201');
    expect(paths.policy('driveaway', 'pol-9')).toBe('/driveaway/policy/pol-9');
    expect(paths.retrieve()).toBe('/retrieve');
    expect(paths.callback()).toBe('/callback');
    expect(paths.signIn()).toBe('/sign-in');
    expect(paths.signIn('/flex/policy/1?tab=billing')).toBe(
      '/sign-in?returnTo=%2Fflex%2Fpolicy%2F1%3Ftab%3Dbilling',
    );
    expect(paths.account()).toBe('/account');
    expect(paths.accountSetting('email')).toBe('/account/email');
  });

  it('only returns to same-origin paths', () => {
    expect(safeReturnTo('/account?x=1')).toBe('/account?x=1');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo(null)).toBe('/');
    // Backslashes and control characters: browsers may read /\\evil or /\t/evil as another host.
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('/\t/evil.example')).toBe('/');
    expect(safeReturnTo('/account\u0000')).toBe('/');
    expect(safeReturnTo('/a\\b')).toBe('/');
  });
});
