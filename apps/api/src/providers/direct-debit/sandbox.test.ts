import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemorySandboxStore } from '../card-payments/sandbox-store';
import type { SandboxStore } from '../card-payments';
import { checkBankAccount } from './bank-account';
import { createSandboxDirectDebit, type SandboxDirectDebit } from './sandbox';
import { sandboxOutcome } from './sandbox-outcome';
import type { DirectDebitEvent } from './types';

// The sandbox's payment behaviours, chosen by the name on the account typed on its mandate page
// (README "Sandbox"). Monday 2 March 2026: a collection asked for today is charged on Tuesday 3
// and settles (or fails) on Thursday 5, three working days on.
const NOW = new Date('2026-03-02T09:00:00.000Z');
const on = (day: string) => new Date(`${day}T12:00:00.000Z`);
const BEFORE_CHARGE = '2026-03-02';
const CHARGED = '2026-03-03';
const SETTLEMENT_DAY = '2026-03-05';
const YEAR_ON = '2027-03-05';
const REASON = 'The payer’s bank refused the collection (sandbox).';

function sandboxOn(store: SandboxStore = createMemorySandboxStore()) {
  return createSandboxDirectDebit({ webhookSecret: 'sandbox-test-secret-0123456789', store });
}

/** A sandbox on a memory store that notes each kind of record read in full (list). */
function sandboxNotingLists() {
  const store = createMemorySandboxStore();
  const listed: string[] = [];
  const sandbox = sandboxOn({
    ...store,
    list: (kind) => {
      listed.push(kind);
      return store.list(kind);
    },
  });
  return { store, listed, sandbox };
}

/** A mandate set up on the hosted pages with this name on the account; answers its id. */
async function mandateOf(sandbox: SandboxDirectDebit, accountHolderName: string) {
  const { flowId } = await sandbox.createMandateFlow({
    reference: `ps_${randomUUID()}`,
    customerReference: 'user-1',
    description: 'BMW Insurance monthly payments',
    successUrl: 'http://localhost:3000/home',
  });
  const account = { accountHolderName, sortCode: '20-29-59', accountNumber: '63748472' };
  expect((await sandbox.submitAccount({ flowId, account })).kind).toBe('CONFIRM');
  expect((await sandbox.confirm({ flowId })).kind).toBe('COMPLETED');
  return sandbox.completeMandateFlow({ flowId, now: NOW });
}

function collect(sandbox: SandboxDirectDebit, mandateId: string, reference: string = randomUUID()) {
  return sandbox.createCollection({
    reference: `inv_${reference}`,
    mandateId,
    amountPence: 5_000,
    description: 'Monthly payment',
    now: NOW,
  });
}

/** The collection's status on each of the days, as getCollection answers it. */
async function statusesOf(sandbox: SandboxDirectDebit, providerPaymentId: string) {
  const days = [BEFORE_CHARGE, CHARGED, SETTLEMENT_DAY, YEAR_ON];
  return Promise.all(
    days.map(
      async (day) => (await sandbox.getCollection({ providerPaymentId, now: on(day) })).status,
    ),
  );
}

const SETTLES = ['PENDING', 'SUBMITTED', 'SETTLED', 'SETTLED'];
const FAILS = ['PENDING', 'SUBMITTED', 'FAILED', 'FAILED'];

async function eventsOn(sandbox: SandboxDirectDebit, day: string) {
  const deliveries = await sandbox.collectDueEvents(on(day));
  return deliveries.flatMap(
    (delivery) => (JSON.parse(delivery.body) as { events: DirectDebitEvent[] }).events,
  );
}

/** The webhooks of a collection the bank refused: submitted, then failed with the reason. */
const refusedEvents = (providerPaymentId: string) => [
  { type: 'COLLECTION_SUBMITTED', eventId: expect.any(String), providerPaymentId },
  { type: 'COLLECTION_FAILED', eventId: expect.any(String), providerPaymentId, reason: REASON },
];

describe('sandbox direct debit: payment behaviours by account holder name', () => {
  it('"Fail Payment" (any case, spaces around): every collection fails, with the reason', async () => {
    const sandbox = sandboxOn();
    const { mandateId } = await mandateOf(sandbox, '  fail PAYMENT ');
    for (let i = 0; i < 3; i += 1) {
      const collection = await collect(sandbox, mandateId);
      expect(await statusesOf(sandbox, collection.providerPaymentId)).toEqual(FAILS);
      const failed = await sandbox.getCollection({
        providerPaymentId: collection.providerPaymentId,
        now: on(SETTLEMENT_DAY),
      });
      expect(failed.failureReason).toBe(REASON);
    }
  });

  it('"Fail Payment 2": only the second collection of the mandate fails, retries counted, the count kept in the store', async () => {
    const store = createMemorySandboxStore();
    const sandbox = sandboxOn(store);
    const { mandateId, accountHolderName } = await mandateOf(sandbox, 'Fail Payment 2');
    expect(accountHolderName).toBe('Fail Payment 2');
    const first = await collect(sandbox, mandateId, 'first');
    // The same reference asked again is the same collection: it does not count.
    expect((await collect(sandbox, mandateId, 'first')).providerPaymentId).toBe(
      first.providerPaymentId,
    );
    const second = await collect(sandbox, mandateId, 'second');
    // Another process (another sandbox over the same records) makes the third, a retry.
    const third = await collect(sandboxOn(store), mandateId, 'second-retry');
    expect(await statusesOf(sandbox, first.providerPaymentId)).toEqual(SETTLES);
    expect(await statusesOf(sandbox, second.providerPaymentId)).toEqual(FAILS);
    expect(await statusesOf(sandbox, third.providerPaymentId)).toEqual(SETTLES);
    // Another mandate with the same name counts its own collections.
    const other = await mandateOf(sandbox, 'fail payment 2');
    expect(
      await statusesOf(sandbox, (await collect(sandbox, other.mandateId)).providerPaymentId),
    ).toEqual(SETTLES);
    expect(
      await statusesOf(sandbox, (await collect(sandbox, other.mandateId)).providerPaymentId),
    ).toEqual(FAILS);
  });

  it('"Fail Payment From 3": the third and every later collection fail, the earlier ones settle', async () => {
    const sandbox = sandboxOn();
    const { mandateId } = await mandateOf(sandbox, 'Fail Payment From 3');
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await collect(sandbox, mandateId));
    const statuses = await Promise.all(
      made.map((collection) => statusesOf(sandbox, collection.providerPaymentId)),
    );
    expect(statuses).toEqual([SETTLES, SETTLES, FAILS, FAILS, FAILS]);
    const listed = await sandbox.listCollections({ now: on(SETTLEMENT_DAY) });
    expect(
      made.map((c) => listed.find((l) => l.providerPaymentId === c.providerPaymentId)?.status),
    ).toEqual(['SETTLED', 'SETTLED', 'FAILED', 'FAILED', 'FAILED']);
  });

  it('"Never Settle": charged, then SUBMITTED for ever in getCollection, listCollections and webhooks', async () => {
    const sandbox = sandboxOn();
    const { mandateId, accountHolderName } = await mandateOf(sandbox, ' never settle');
    // The name is kept as the customer typed it (spaces around trimmed, as for every name).
    expect(accountHolderName).toBe('never settle');
    const collection = await collect(sandbox, mandateId);
    const id = collection.providerPaymentId;
    expect(collection.status).toBe('PENDING');
    expect(await statusesOf(sandbox, id)).toEqual([
      'PENDING',
      'SUBMITTED',
      'SUBMITTED',
      'SUBMITTED',
    ]);
    const submitted = await sandbox.getCollection({ providerPaymentId: id, now: on(YEAR_ON) });
    expect(submitted.failureReason).toBeNull();
    expect(await eventsOn(sandbox, BEFORE_CHARGE)).toEqual([]);
    expect(await eventsOn(sandbox, CHARGED)).toEqual([
      { type: 'COLLECTION_SUBMITTED', eventId: expect.any(String), providerPaymentId: id },
    ]);
    expect(await eventsOn(sandbox, SETTLEMENT_DAY)).toEqual([]);
    expect(await eventsOn(sandbox, YEAR_ON)).toEqual([]);
    const listed = await sandbox.listCollections({ now: on(YEAR_ON) });
    expect(listed.find((record) => record.providerPaymentId === id)).toMatchObject({
      status: 'SUBMITTED',
      amountPence: 5_000,
      refundedPence: 0,
    });
    // Never settled: nothing to pay back.
    const refund = await sandbox.refundCollection({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: id,
      amountPence: 100,
      now: on(YEAR_ON),
    });
    expect(refund.status).toBe('FAILED');
  });

  it('other names settle, and a failing collection is announced by webhook once', async () => {
    const sandbox = sandboxOn();
    for (const name of ['Jo Bloggs', 'Fail Payment 0', 'Fail Payments', 'Never Settled']) {
      const { mandateId } = await mandateOf(sandbox, name);
      const collection = await collect(sandbox, mandateId);
      expect(await statusesOf(sandbox, collection.providerPaymentId)).toEqual(SETTLES);
    }
    const failing = sandboxOn();
    const { mandateId } = await mandateOf(failing, 'FAIL PAYMENT 1');
    const id = (await collect(failing, mandateId)).providerPaymentId;
    expect(await eventsOn(failing, SETTLEMENT_DAY)).toEqual(refusedEvents(id));
    expect(await eventsOn(failing, YEAR_ON)).toEqual([]);
  });

  it('counts a new mandate’s collections from the start, never reading them all to count', async () => {
    const { store, listed, sandbox } = sandboxNotingLists();
    const { mandateId } = await mandateOf(sandbox, 'Fail Payment 2');
    const mandate = await store.get<{ collectionsCreated?: number }>('dd-mandate', mandateId);
    expect(mandate?.collectionsCreated).toBe(0);
    const first = await collect(sandbox, mandateId);
    const second = await collect(sandbox, mandateId);
    expect(listed).toEqual([]);
    expect(await statusesOf(sandbox, first.providerPaymentId)).toEqual(SETTLES);
    expect(await statusesOf(sandbox, second.providerPaymentId)).toEqual(FAILS);
  });

  it('announces from the collections still open, not from every collection ever made', async () => {
    const { store, listed, sandbox } = sandboxNotingLists();
    const { mandateId } = await mandateOf(sandbox, 'Jo Bloggs');
    const id = (await collect(sandbox, mandateId)).providerPaymentId;
    expect(await eventsOn(sandbox, SETTLEMENT_DAY)).toEqual([
      { type: 'COLLECTION_SUBMITTED', eventId: expect.any(String), providerPaymentId: id },
      { type: 'COLLECTION_SETTLED', eventId: expect.any(String), providerPaymentId: id },
    ]);
    // Settled and announced: no longer open, and nothing is announced again.
    expect(await store.list('dd-collection-open')).toEqual([]);
    expect(await eventsOn(sandbox, YEAR_ON)).toEqual([]);
    // Read every collection once only, to copy those kept before the open ones were (none here).
    expect(listed.filter((kind) => kind === 'dd-collection')).toHaveLength(1);
  });

  it('still announces a collection kept before the sandbox kept the open ones apart', async () => {
    const store = createMemorySandboxStore();
    const sandbox = sandboxOn(store);
    const { mandateId } = await mandateOf(sandbox, 'FAIL PAYMENT 1');
    const id = (await collect(sandbox, mandateId)).providerPaymentId;
    await store.remove('dd-collection-open', id);
    expect(await eventsOn(sandbox, SETTLEMENT_DAY)).toEqual(refusedEvents(id));
    expect(await eventsOn(sandbox, YEAR_ON)).toEqual([]);
  });

  it('counts the collections a mandate made before the sandbox kept the count', async () => {
    const store = createMemorySandboxStore();
    const sandbox = sandboxOn(store);
    const { mandateId } = await mandateOf(sandbox, 'Fail Payment 2');
    const first = await collect(sandbox, mandateId);
    const { collectionsCreated, ...older } = (await store.get<{ collectionsCreated?: number }>(
      'dd-mandate',
      mandateId,
    ))!;
    expect(collectionsCreated).toBe(1);
    await store.put('dd-mandate', mandateId, older);
    const second = await collect(sandbox, mandateId);
    expect(await statusesOf(sandbox, first.providerPaymentId)).toEqual(SETTLES);
    expect(await statusesOf(sandbox, second.providerPaymentId)).toEqual(FAILS);
  });
});

describe('sandboxOutcome', () => {
  it('reads the names, any case and spacing, N a positive integer', () => {
    expect(sandboxOutcome('Fail Payment', 1)).toBe('FAILS');
    expect(sandboxOutcome(' fail   payment ', 9)).toBe('FAILS');
    expect(sandboxOutcome('Fail Payment 3', 2)).toBe('SETTLES');
    expect(sandboxOutcome('Fail Payment 3', 3)).toBe('FAILS');
    expect(sandboxOutcome('Fail Payment 3', 4)).toBe('SETTLES');
    expect(sandboxOutcome('fail payment from 3', 2)).toBe('SETTLES');
    expect(sandboxOutcome('Fail Payment From 3', 3)).toBe('FAILS');
    expect(sandboxOutcome('Fail Payment From 3', 12)).toBe('FAILS');
    expect(sandboxOutcome('NEVER SETTLE', 1)).toBe('NEVER_SETTLES');
    expect(sandboxOutcome('Fail Payment 0', 0)).toBe('SETTLES');
    expect(sandboxOutcome('Fail Payment From 0', 1)).toBe('SETTLES');
    expect(sandboxOutcome('Fail Payment -1', 1)).toBe('SETTLES');
    expect(sandboxOutcome('Jo Bloggs', 1)).toBe('SETTLES');
  });
});

describe('the name on the account', () => {
  const account = (accountHolderName: string) =>
    checkBankAccount({ accountHolderName, sortCode: '20-29-59', accountNumber: '63748472' });

  it('is 18 characters at most (Bacs), except the sandbox test names', () => {
    expect(account('Jonathan Q Bloggsss')).toEqual({
      accountHolderName: 'The name on the account must be 18 characters or fewer',
    });
    expect(account('Fail Payment From 12')).toEqual({});
    expect(account('fail payment from 3')).toEqual({});
    expect(account('Fail Payment From x')).toEqual({
      accountHolderName: 'The name on the account must be 18 characters or fewer',
    });
  });
});

describe('sandbox instant bank payment (decision 045)', () => {
  const request = () => ({
    reference: `ps_${randomUUID()}`,
    customerReference: 'user-1',
    amountPence: 8_334,
    description: 'Motor insurance BMW-123',
    mandateDescription: 'Motor insurance BMW-123 monthly payments',
    successUrl: 'http://localhost:3000/callback?x=1',
    exitUrl: 'http://localhost:3000/checkout',
  });
  const good = { accountHolderName: 'Jo Bloggs', sortCode: '20-29-59', accountNumber: '63748472' };

  it('checks the account like the mandate page, then approves once', async () => {
    const sandbox = sandboxOn();
    const { flowId, redirectUrl } = await sandbox.createBankPayment(request());
    expect(redirectUrl).toBe(`/sandbox/bank-payment/${flowId}`);
    const invalid = await sandbox.approveBankPayment({
      flowId,
      account: { ...good, accountNumber: '63748473' },
      now: NOW,
    });
    expect(invalid).toEqual({
      kind: 'INVALID',
      errors: {
        accountNumber:
          'Check your sort code and account number: they do not belong together (the bank’s check failed)',
      },
    });
    expect((await sandbox.getBankPayment({ flowId, now: NOW })).status).toBe('PENDING');
    const approved = await sandbox.approveBankPayment({ flowId, account: good, now: NOW });
    if (approved.kind !== 'APPROVED') throw new Error(approved.kind);
    expect(approved.redirectUrl).toBe(
      `http://localhost:3000/callback?x=1&bank_payment_id=${encodeURIComponent(flowId)}`,
    );
    expect(await sandbox.approveBankPayment({ flowId, account: good, now: NOW })).toEqual({
      kind: 'NOT_OPEN',
    });
    expect(await sandbox.cancelBankPayment({ flowId, now: NOW })).toEqual({ kind: 'NOT_OPEN' });
  });

  it('"Fail Payment": the bank refuses the payment, the webhook says so', async () => {
    const sandbox = sandboxOn();
    const { flowId } = await sandbox.createBankPayment(request());
    const approved = await sandbox.approveBankPayment({
      flowId,
      account: { ...good, accountHolderName: 'Fail Payment' },
      now: NOW,
    });
    if (approved.kind !== 'APPROVED') throw new Error(approved.kind);
    const payment = await sandbox.getBankPayment({ flowId, now: NOW });
    expect(payment).toMatchObject({
      status: 'FAILED',
      failureReason: 'The bank refused the payment (sandbox).',
    });
    const events = (JSON.parse(approved.deliveries[0]!.body) as { events: DirectDebitEvent[] })
      .events;
    expect(events).toEqual([
      { type: 'BANK_PAYMENT_FULFILLED', eventId: expect.any(String), flowId },
      {
        type: 'COLLECTION_FAILED',
        eventId: expect.any(String),
        providerPaymentId: payment.providerPaymentId,
        reason: 'The bank refused the payment (sandbox).',
      },
    ]);
  });

  it('"Fail Payment 2": the payment is paid, the first monthly collection fails', async () => {
    const sandbox = sandboxOn();
    const { flowId } = await sandbox.createBankPayment(request());
    await sandbox.approveBankPayment({
      flowId,
      account: { ...good, accountHolderName: 'Fail Payment 2' },
      now: NOW,
    });
    const payment = await sandbox.getBankPayment({ flowId, now: NOW });
    expect(payment.status).toBe('PAID');
    const monthly = await collect(sandbox, payment.mandate!.mandateId);
    const settled = await sandbox.getCollection({
      providerPaymentId: monthly.providerPaymentId,
      now: on(SETTLEMENT_DAY),
    });
    expect(settled).toMatchObject({ status: 'FAILED', failureReason: REASON });
  });
});
