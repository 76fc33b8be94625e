import { describe, expect, it, vi } from 'vitest';
import { findProposalCodeInPath, mergeAnonymousProposal } from './merge-anonymous-proposal';

describe('mergeAnonymousProposal', () => {
  it('finds the proposal code in a proposal path only', () => {
    expect(findProposalCodeInPath('/flex/proposal/QX7/account-setup')).toBe('QX7');
    expect(findProposalCodeInPath('/flex/proposal/QX7?x=1')).toBe('QX7');
    expect(findProposalCodeInPath('/account')).toBeNull();
  });

  it('posts the anonymous token with the signed-in bearer', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    const merged = await mergeAnonymousProposal({
      returnTo: '/flex/proposal/QX7/account-setup',
      accessToken: 'signed-in',
      anonymousToken: 'anon',
      fetch: fetchMock,
    });
    expect(merged).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/proposals/merge', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: 'Bearer signed-in',
      },
      body: JSON.stringify({ proposalCode: 'QX7', sourceAccessToken: 'anon' }),
      keepalive: true,
    });
  });

  it('does nothing without an anonymous token and swallows failures', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('offline')));
    const base = { returnTo: '/flex/proposal/QX7', accessToken: 'a', fetch: fetchMock };
    expect(await mergeAnonymousProposal({ ...base, anonymousToken: null })).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await mergeAnonymousProposal({ ...base, anonymousToken: 'anon' })).toBe(false);
  });
});
