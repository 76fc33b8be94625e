// The money year's customers and staff, through the HTTP calls the browser makes (issue 30 item
// 10): the quote (a fixture may make it), the sandbox mandate pages, the hosted card page, the
// account and bind calls, changes, cancellations, payment day, renewal opt-out, settle checkouts
// and staff's phone payments. Nothing here writes a mandate, collection, payment, refund or
// ledger row: the app and its sandbox providers make them as they do for a customer.
import type {
  CustomerAccountResponse,
  PolicyAdjustmentResponse,
  PolicyResponse,
} from '@motor/contract';
import { londonDateString } from '@motor/domain';
import type { App } from '../../app-types';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { cancelMandateAtBank, SANDBOX_GOOD_BANK, setUpSandboxMandate } from '../sandbox-payments';
import { CORE_ASSET_CODE } from '../../modules/disclosure';
import { ADD_YOUNG_DRIVER, updates } from '../../modules/proposal';
import { createQuote } from '../quotes';
import type { Action, Member } from './population';

const DAY = 86_400_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const STAFF_ID = 'money-year-agent';
/** The profile ADD_YOUNG_DRIVER creates. */
const ADD_YOUNG_DRIVER_PROFILE = 'p1';

export type Customer = Member & {
  userId: string;
  proposalCode: string;
  policyId: string;
  policyNumber: string;
  accountId: string;
  dateOfBirth: string;
  /** Steps done (by their index in the behaviour). */
  done: Set<number>;
};

type Request = {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  payload?: string | Record<string, unknown>;
};

/** An injected request that must succeed (any 2xx or the card page's 303). */
async function call(app: App, request: Request) {
  const res = await app.inject(request);
  if (res.statusCode >= 400) {
    throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
  }
  return res;
}

const customerHeaders = async (app: App, userId: string) =>
  bearer(await createTestAccessToken(app, { userId }));

const staffHeaders = async (app: App, userId: string) =>
  bearer(
    await createTestAccessToken(app, {
      userId: STAFF_ID,
      roles: ['admin'],
      permissions: ['access:impersonate'],
      impersonate: userId,
    }),
  );

export async function readAccount(app: App, customer: Pick<Customer, 'userId' | 'proposalCode'>) {
  const res = await call(app, {
    method: 'GET',
    url: `/api/customerAccounts?proposalCode=${customer.proposalCode}`,
    headers: await customerHeaders(app, customer.userId),
  });
  return (res.json() as CustomerAccountResponse[])[0]!;
}

/** Pays a hosted card page (the sandbox's webhook then reaches the app). */
const payOnCardPage = (app: App, url: string) =>
  call(app, { method: 'POST', url, headers: FORM, payload: new URLSearchParams(CARD).toString() });

/** Buys a flex policy as the checkout pages do, for the member's behaviour. */
export async function buyPolicy(app: App, member: Member): Promise<Customer> {
  const userId = `year-${member.index}`;
  const headers = await customerHeaders(app, userId);
  const quote = await createQuote(
    app,
    headers,
    member.behaviour.withYoungDriver ? { extraChanges: ADD_YOUNG_DRIVER } : {},
  );
  const code = quote.proposalCode;
  await setUpSandboxMandate(app, headers, {
    ...SANDBOX_GOOD_BANK,
    accountHolderName: member.behaviour.accountHolderName,
  });
  if (member.behaviour.firstByCard) {
    const session = await call(app, {
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${code}`,
      headers,
      payload: { saveCard: false, successPath: '/checkout/callback', cancelPath: '/checkout' },
    });
    await payOnCardPage(app, (session.json() as { url: string }).url);
  } else {
    await call(app, { method: 'POST', url: `/api/proposals/${code}/account`, headers });
    await call(app, {
      method: 'POST',
      url: `/api/proposals/${code}/bind`,
      headers,
      payload: { paymentMethodType: 'BACS_DEBIT' },
    });
  }
  const account = await readAccount(app, { userId, proposalCode: code });
  if (!account.policyId) throw new Error(`${code}: bought, but the account has no policy`);
  const policy = await readPolicy(app, { userId, policyId: account.policyId });
  return {
    ...member,
    userId,
    proposalCode: code,
    policyId: account.policyId,
    policyNumber: policy.policyNumber,
    accountId: account.accountId,
    dateOfBirth: String(quote.quote.insuredProfiles[0]?.data.dateOfBirth),
    done: new Set(),
  };
}

/** Prices an adjustment and confirms it, as the review page does. */
async function adjust(
  app: App,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
): Promise<void> {
  const created = await call(app, {
    method: 'POST',
    url: '/api/policyAdjustments',
    headers,
    payload,
  });
  const { adjustmentId } = created.json() as PolicyAdjustmentResponse;
  await call(app, {
    method: 'POST',
    url: `/api/policyAdjustments/${adjustmentId}/commit`,
    headers,
    payload: {},
  });
}

const mileage = (annualMileage: number) => [
  {
    changeType: 'ASSET_DISCLOSURE_CHANGE',
    assetCode: CORE_ASSET_CODE,
    update: updates({ annualMileage }),
  },
];

const SETTLE_CHECKOUT = {
  successPath: '/billing?paid=1',
  cancelPath: '/billing',
  lineItem: { name: 'Outstanding balance' },
  locale: 'en-GB',
  saveCard: false,
};

/** Does what the step says, as the customer (or staff acting for them) would. */
export async function act(app: App, customer: Customer, action: Action): Promise<void> {
  const headers = await customerHeaders(app, customer.userId);
  const { policyId, accountId } = customer;
  switch (action.kind) {
    case 'CANCEL':
      return adjust(app, headers, { policyId, adjustmentType: 'CAN', reason: 'Price' });
    case 'CHANGE_MILEAGE':
      return adjust(app, headers, {
        policyId,
        adjustmentType: 'MTA',
        changes: mileage(action.annualMileage),
      });
    case 'STAFF_BACKDATE': {
      const inception = (await readPolicy(app, customer)).policyDetail.inceptedAt;
      return adjust(app, await staffHeaders(app, customer.userId), {
        policyId,
        adjustmentType: 'MTA',
        changes: mileage(action.annualMileage),
        effectiveAt: inception,
      });
    }
    case 'STAFF_REMOVE_YOUNG_DRIVER': {
      const inception = (await readPolicy(app, customer)).policyDetail.inceptedAt;
      return adjust(app, await staffHeaders(app, customer.userId), {
        policyId,
        adjustmentType: 'MTA',
        changes: [{ changeType: 'REMOVE_PROFILE', profileCode: ADD_YOUNG_DRIVER_PROFILE }],
        effectiveAt: inception,
      });
    }
    case 'PAYMENT_DAY':
      // Only customer care may move a payment day (the customer is told to contact us).
      await call(app, {
        method: 'PUT',
        url: `/api/customerAccounts/${accountId}/paymentDay`,
        headers: await staffHeaders(app, customer.userId),
        payload: {
          paymentDay:
            action.paymentDay === 'IN_EIGHT_DAYS' ? dayOfMonthIn(app, 8) : action.paymentDay,
        },
      });
      return;
    case 'OPT_OUT':
      await call(app, {
        method: 'PUT',
        url: `/api/policies/${policyId}/autoRenewal`,
        headers,
        payload: { enabled: false, reason: 'Price' },
      });
      return;
    case 'SETTLE_BY_PHONE': {
      const staff = await staffHeaders(app, customer.userId);
      const token = await call(app, {
        method: 'POST',
        url: '/sandbox/card/tokenize',
        headers: { ...FORM, accept: 'application/json' },
        payload: new URLSearchParams(CARD).toString(),
      });
      await call(app, {
        method: 'POST',
        url: `/api/stripe/moto/settle/${accountId}`,
        headers: staff,
        payload: {
          token: (token.json() as { token: string }).token,
          postalCode: 'SW1A 2AA',
          dateOfBirth: customer.dateOfBirth,
        },
      });
      return;
    }
    case 'PAY_TWICE': {
      // Two tabs: both checkouts opened before either is paid, then both paid at once.
      const open = () =>
        call(app, {
          method: 'POST',
          url: `/api/stripe/settle/${accountId}`,
          headers,
          payload: SETTLE_CHECKOUT,
        }).then((res) => (res.json() as { url: string }).url);
      const urls = [await open(), await open()];
      await Promise.all(urls.map((url) => payOnCardPage(app, url)));
      return;
    }
    case 'BANK_CANCELS_MANDATE':
      return cancelMandateAtBank(app, customer.userId);
  }
}

/** The London day of the month `days` from now, or the 1st after it when past the 28th. */
function dayOfMonthIn(app: App, days: number): number {
  const day = Number(londonDateString(new Date(app.clock.now().getTime() + days * DAY)).slice(8));
  return day > 28 ? 1 : day;
}

/** The policy as its page reads it. */
export async function readPolicy(
  app: App,
  customer: Pick<Customer, 'userId' | 'policyId'>,
): Promise<PolicyResponse> {
  const res = await call(app, {
    method: 'GET',
    url: `/api/policies/${customer.policyId}`,
    headers: await customerHeaders(app, customer.userId),
  });
  return res.json() as PolicyResponse;
}
