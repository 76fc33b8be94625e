import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { createQuote, demoCar } from '../../test/quotes';
import { updates } from '../proposal/fixtures';
import { POLICYHOLDER_PROFILE_CODE } from '../disclosure';
import { findOrCreateUser } from './users';

// Issue 13 item 9: after bind the account holds the name, phone and marketing consent disclosed
// on the quote, without replacing what the customer set in account settings.

const START = '2026-03-02T09:00:00.000Z';
const CONTACT = {
  phoneNumber: '+447700900123',
  marketingPreferences: { email: true, phone: false, sms: true },
};

describe('bind fills the account from the quote (issue 13)', () => {
  const suite = useTestApp({ at: START, seed: true });
  const { clock } = suite;

  /** A customer who signed in by e-mail (no name, phone or consent on the account yet). */
  async function signUp(email: string) {
    const { user } = await findOrCreateUser({
      db: suite.app.db,
      clock,
      connection: 'email',
      recipient: email,
    });
    return await suite.customer(user.userId);
  }

  /** A free driveaway quote (one per car) with these contact answers, bound with nothing to pay. */
  async function buy(
    headers: Record<string, string>,
    contact: Record<string, unknown>,
    car?: Record<string, unknown>,
  ) {
    const quote = await createQuote(suite.app, headers, {
      schemeCode: 'bmw-driveaway',
      car,
      extraChanges: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: POLICYHOLDER_PROFILE_CODE,
          update: updates(contact),
        },
      ],
    });
    const bound = await suite.app.inject({
      method: 'POST',
      url: `/api/proposals/${quote.proposalCode}/bind`,
      headers,
      payload: {},
    });
    expect(bound.statusCode, bound.body).toBe(200);
  }

  const policyholder = async (headers: Record<string, string>) =>
    (await suite.app.inject({ method: 'GET', url: '/api/policyholder', headers })).json();

  it('copies the name, the phone (E.164) and the consent disclosed', async () => {
    const headers = await signUp('fill.one@example.com');
    expect(await policyholder(headers)).toMatchObject({
      firstName: null,
      lastName: null,
      phoneNumber: null,
      marketingPreferences: { email: false, phone: false, sms: false },
    });
    await buy(headers, CONTACT);
    expect(await policyholder(headers)).toMatchObject({
      firstName: 'Jane',
      lastName: 'Smith',
      phoneNumber: '+447700900123',
      marketingPreferences: CONTACT.marketingPreferences,
    });
  });

  it('keeps what the customer set in account settings', async () => {
    const headers = await signUp('fill.two@example.com');
    const set = await suite.app.inject({
      method: 'PATCH',
      url: '/api/policyholder',
      headers,
      payload: { firstName: 'Janet', marketingPreferences: { email: false, phone: true } },
    });
    expect(set.statusCode, set.body).toBe(200);
    await buy(
      headers,
      { ...CONTACT, phoneNumber: '+447700900124' },
      demoCar('YR70 FPL', 'BMW-G20-330E-MSPORT'),
    );
    expect(await policyholder(headers)).toMatchObject({
      firstName: 'Janet',
      lastName: 'Smith',
      phoneNumber: '+447700900124',
      marketingPreferences: { email: false, phone: true, sms: false },
    });
  });

  it('leaves off a phone number another account signs in with, and still binds', async () => {
    await findOrCreateUser({
      db: suite.app.db,
      clock,
      connection: 'sms',
      recipient: '+447700900125',
    });
    const headers = await signUp('fill.three@example.com');
    await buy(
      headers,
      { ...CONTACT, phoneNumber: '+447700900125' },
      demoCar('LB69 KRT', 'BMW-F40-118I-SPORT'),
    );
    expect(await policyholder(headers)).toMatchObject({ firstName: 'Jane', phoneNumber: null });
  });
});
