import { londonDateString } from '@motor/domain';
import type { SandboxStore } from '../card-payments';
import {
  paymentSandboxParts,
  sandboxId,
  type PaymentSandboxOptions,
  type SandboxDelivery,
} from '../card-payments/payment-sandbox';
import {
  checkBankAccount,
  findBankName,
  normaliseSortCode,
  type BankAccountErrors,
  type BankAccountInput,
} from './bank-account';
import {
  FlowNotCompletedError,
  type BankPayment,
  type BankPaymentRequest,
  type Collection,
  type CollectionStatus,
  type CompletedMandate,
  type DirectDebitEvent,
  type DirectDebitProvider,
  type MandateFlowRequest,
} from './types';
import type { RefundResult } from '../card-payments/types';
import { addWorkingDays } from './working-days';
import { sandboxOutcome } from './sandbox-outcome';

const SANDBOX_FAILURE_REASON = 'The payer’s bank refused the collection (sandbox).';
/** Working days from creation until a sandbox collection settles. */
const SANDBOX_SETTLEMENT_WORKING_DAYS = 3;

export type SandboxFlow = MandateFlowRequest & {
  flowId: string;
  status: 'OPEN' | 'CONFIRMING' | 'COMPLETED';
  /** What the confirm step shows; never the whole account number. */
  account: {
    holderName: string;
    sortCode: string;
    bankName: string;
    accountNumberEnding: string;
  } | null;
  mandateId: string | null;
};

/**
 * An instant bank payment's flow: OPEN until the customer approves it in their "bank" (PAID, or
 * FAILED when the account holder's name makes the bank refuse it) or cancels (CANCELLED).
 */
export type SandboxBankPayment = BankPaymentRequest & {
  flowId: string;
  status: 'OPEN' | 'PAID' | 'FAILED' | 'CANCELLED';
  providerPaymentId: string | null;
  mandateId: string | null;
};

const SANDBOX_BANK_REFUSED = 'The bank refused the payment (sandbox).';
const SANDBOX_BANK_CANCELLED = 'The customer cancelled the payment in their bank (sandbox).';

type SandboxMandate = {
  mandateId: string;
  holderName: string;
  /** Absent on mandates the sandbox made before it kept it. */
  sortCode?: string;
  bankName: string;
  accountNumberEnding: string;
  /**
   * How many collections were made under it, so the account holder's name can pick the n-th
   * (sandbox-outcome.ts). Absent on mandates the sandbox made before it kept it.
   */
  collectionsCreated?: number;
};

type SandboxCollection = Omit<Collection, 'status'> & {
  reference: string;
  mandateId: string;
  amountPence: number;
  fails: boolean;
  /** Charged, then SUBMITTED for ever (account holder "Never Settle"); absent before it existed. */
  neverSettles?: boolean;
  /** The last status announced by webhook. */
  announced: CollectionStatus;
};

const FLOW = 'dd-flow';
const MANDATE = 'dd-mandate';
const COLLECTION = 'dd-collection';
/**
 * A copy of each collection with a webhook still to come (announced short of SETTLED or FAILED),
 * which the events job reads instead of every collection the sandbox ever made.
 */
const OPEN_COLLECTION = 'dd-collection-open';
/** Set once the open collections were copied from collections kept before that copy was kept. */
const OPEN_COPIED = 'dd-collection-open-copied';
const BY_REFERENCE = 'dd-reference';
const REFUND = 'dd-refund';
const REFUND_OF = 'dd-refund-of';
const BANK_PAYMENT = 'dd-bank-payment';
type SandboxRefund = { providerPaymentId: string; amountPence: number };
const SANDBOX_REFUND_REFUSED = 'Only a settled collection can be refunded (sandbox).';
const SANDBOX_REFUND_TOO_MUCH = 'The refund is more than was collected (sandbox).';

const STEPS: CollectionStatus[] = ['PENDING', 'SUBMITTED'];
/** Settled or failed: its last webhook was sent. */
const isAnnouncedInFull = (status: CollectionStatus) => !STEPS.includes(status);

function statusAt(collection: SandboxCollection, now: Date): CollectionStatus {
  const today = londonDateString(now);
  if (today < collection.chargeDate) return 'PENDING';
  if (today < collection.settlesOn || collection.neverSettles) return 'SUBMITTED';
  return collection.fails ? 'FAILED' : 'SETTLED';
}

function toCollection(record: SandboxCollection, now: Date): Collection {
  const status = statusAt(record, now);
  return {
    providerPaymentId: record.providerPaymentId,
    status,
    chargeDate: record.chargeDate,
    settlesOn: record.settlesOn,
    failureReason: status === 'FAILED' ? SANDBOX_FAILURE_REASON : null,
  };
}

export type SandboxDirectDebit = DirectDebitProvider & {
  adapter: 'sandbox';
  connectStore(store: SandboxStore): void;
  getFlow(flowId: string): Promise<SandboxFlow | null>;
  submitAccount(options: {
    flowId: string;
    account: BankAccountInput;
  }): Promise<
    | { kind: 'INVALID'; errors: BankAccountErrors }
    | { kind: 'CONFIRM'; flow: SandboxFlow }
    | { kind: 'NOT_OPEN' }
  >;
  confirm(options: {
    flowId: string;
  }): Promise<{ kind: 'COMPLETED'; redirectUrl: string } | { kind: 'NOT_OPEN' }>;
  getBankPaymentFlow(flowId: string): Promise<SandboxBankPayment | null>;
  /**
   * The customer approves the payment in their bank with this account: the payment is made (and
   * confirmed, or refused for the behaviour names), the mandate for later months set up, and the
   * provider's signed webhooks are answered for the page to send.
   */
  approveBankPayment(options: {
    flowId: string;
    account: BankAccountInput;
    now: Date;
  }): Promise<
    | { kind: 'INVALID'; errors: BankAccountErrors }
    | { kind: 'APPROVED'; redirectUrl: string; deliveries: SandboxDelivery[] }
    | { kind: 'NOT_OPEN' }
  >;
  /** The customer cancels in their bank: nothing is paid; the webhook says so. */
  cancelBankPayment(options: {
    flowId: string;
    now: Date;
  }): Promise<
    { kind: 'CANCELLED'; redirectUrl: string; deliveries: SandboxDelivery[] } | { kind: 'NOT_OPEN' }
  >;
  /** Signed webhooks for collections whose status moved since last announced (a job sends them). */
  collectDueEvents(now: Date): Promise<SandboxDelivery[]>;
  signEvents(events: DirectDebitEvent[], now: Date): SandboxDelivery;
};

/** A mandate the customer has just set up, as the provider answers it. */
function completedMandate(mandate: SandboxMandate, customerReference: string): CompletedMandate {
  return {
    mandateId: mandate.mandateId,
    providerCustomerReference: customerReference,
    status: 'ACTIVE',
    bankName: mandate.bankName,
    accountNumberEnding: mandate.accountNumberEnding,
    accountHolderName: mandate.holderName,
    sortCode: mandate.sortCode ?? null,
  };
}

/** The offline direct-debit provider: hosted mandate page, collections that settle by the clock. */
export function createSandboxDirectDebit(options: PaymentSandboxOptions = {}): SandboxDirectDebit {
  const parts = paymentSandboxParts('DIRECT_DEBIT', options);
  const { faults, webhooks } = parts;
  let store = parts.store;
  const getFlow = (flowId: string) => store.get<SandboxFlow>(FLOW, flowId);
  const getBankPaymentFlow = (flowId: string) =>
    store.get<SandboxBankPayment>(BANK_PAYMENT, flowId);
  /** The collections with a webhook to come; copied once from those kept before the copy was. */
  const listOpenCollections = async (): Promise<SandboxCollection[]> => {
    if (!(await store.get(OPEN_COPIED, 'all'))) {
      for (const record of await store.list<SandboxCollection>(COLLECTION)) {
        if (!isAnnouncedInFull(record.announced)) {
          await store.put(OPEN_COLLECTION, record.providerPaymentId, record);
        }
      }
      await store.put(OPEN_COPIED, 'all', {});
    }
    return store.list<SandboxCollection>(OPEN_COLLECTION);
  };
  /** A mandate made before the sandbox counted its collections: count them once. */
  const countCollections = async (mandateId: string) =>
    (await store.list<SandboxCollection>(COLLECTION)).filter(
      (record) => record.mandateId === mandateId,
    ).length;

  /**
   * The flow opened for this reference of ours (`key`), opened now when there is none: a retried
   * call gets the same flow.
   */
  const openOnce = async (
    key: string,
    kind: { table: string; idPrefix: string },
    open: (flowId: string) => SandboxFlow | SandboxBankPayment,
  ): Promise<string> => {
    const known = await store.get<{ id: string }>(BY_REFERENCE, key);
    if (known) return known.id;
    const flowId = sandboxId(kind.idPrefix);
    await store.putAll([
      { kind: kind.table, id: flowId, data: open(flowId) },
      { kind: BY_REFERENCE, id: key, data: { id: flowId } },
    ]);
    return flowId;
  };

  const signEvents = (events: DirectDebitEvent[], now: Date): SandboxDelivery =>
    webhooks.sign({ events }, now);

  const sandbox: SandboxDirectDebit = {
    adapter: 'sandbox',
    connectStore(next) {
      store = next;
    },
    getFlow,
    getBankPaymentFlow,
    signEvents,

    async createBankPayment(request) {
      const flowId = await openOnce(
        `bank-payment:${request.reference}`,
        { table: BANK_PAYMENT, idPrefix: 'BRQ' },
        (id): SandboxBankPayment => ({
          ...request,
          flowId: id,
          status: 'OPEN',
          providerPaymentId: null,
          mandateId: null,
        }),
      );
      return { flowId, redirectUrl: `/sandbox/bank-payment/${flowId}` };
    },

    async approveBankPayment({ flowId, account, now }) {
      const flow = await getBankPaymentFlow(flowId);
      if (!flow || flow.status !== 'OPEN') return { kind: 'NOT_OPEN' };
      const errors = checkBankAccount(account);
      if (Object.keys(errors).length > 0) return { kind: 'INVALID', errors };
      const sortCode = normaliseSortCode(account.sortCode);
      const holderName = account.accountHolderName.trim();
      // The payment is the mandate's 1st collection: "Fail Payment" (or "Fail Payment 1") makes
      // the bank refuse it; "Fail Payment 2" fails the first monthly Direct Debit instead.
      const fails = sandboxOutcome(holderName, 1) === 'FAILS';
      const mandate: SandboxMandate = {
        mandateId: sandboxId('MD'),
        holderName,
        sortCode,
        bankName: findBankName(sortCode),
        accountNumberEnding: account.accountNumber.replace(/\s/g, '').slice(-2),
        collectionsCreated: 1,
      };
      const today = londonDateString(now);
      const status = fails ? 'FAILED' : 'SETTLED';
      const payment: SandboxCollection = {
        providerPaymentId: sandboxId('PM'),
        reference: flow.reference,
        mandateId: mandate.mandateId,
        amountPence: flow.amountPence,
        // Paid from the bank at once (Faster Payments): charged and settled today.
        chargeDate: today,
        settlesOn: today,
        failureReason: null,
        fails,
        announced: status,
      };
      await store.putAll([
        { kind: MANDATE, id: mandate.mandateId, data: mandate },
        { kind: COLLECTION, id: payment.providerPaymentId, data: payment },
        {
          kind: BY_REFERENCE,
          id: `collection:${flow.reference}`,
          data: { id: payment.providerPaymentId },
        },
        {
          kind: BANK_PAYMENT,
          id: flowId,
          data: {
            ...flow,
            status: fails ? 'FAILED' : 'PAID',
            providerPaymentId: payment.providerPaymentId,
            mandateId: mandate.mandateId,
          },
        },
      ]);
      const providerPaymentId = payment.providerPaymentId;
      // As GoCardless: the billing request is fulfilled, then the payment is confirmed (or fails).
      const events: DirectDebitEvent[] = [
        { type: 'BANK_PAYMENT_FULFILLED', eventId: sandboxId('EV'), flowId },
        fails
          ? {
              type: 'COLLECTION_FAILED',
              eventId: sandboxId('EV'),
              providerPaymentId,
              reason: SANDBOX_BANK_REFUSED,
            }
          : { type: 'COLLECTION_SETTLED', eventId: sandboxId('EV'), providerPaymentId },
      ];
      const separator = flow.successUrl.includes('?') ? '&' : '?';
      return {
        kind: 'APPROVED',
        redirectUrl: `${flow.successUrl}${separator}bank_payment_id=${encodeURIComponent(flowId)}`,
        deliveries: [signEvents(events, now)],
      };
    },

    async cancelBankPayment({ flowId, now }) {
      const flow = await getBankPaymentFlow(flowId);
      if (!flow || flow.status !== 'OPEN') return { kind: 'NOT_OPEN' };
      await store.put(BANK_PAYMENT, flowId, { ...flow, status: 'CANCELLED' });
      const event: DirectDebitEvent = {
        type: 'BANK_PAYMENT_CANCELLED',
        eventId: sandboxId('EV'),
        flowId,
        reason: SANDBOX_BANK_CANCELLED,
      };
      return {
        kind: 'CANCELLED',
        redirectUrl: flow.exitUrl,
        deliveries: [signEvents([event], now)],
      };
    },

    async getBankPayment({ flowId }) {
      const flow = await getBankPaymentFlow(flowId);
      if (!flow) throw new FlowNotCompletedError('No such bank payment.');
      const mandate = flow.mandateId
        ? await store.get<SandboxMandate>(MANDATE, flow.mandateId)
        : null;
      const result: BankPayment = {
        flowId,
        status: 'PENDING',
        providerPaymentId: flow.providerPaymentId,
        amountPence: flow.amountPence,
        mandate: mandate ? completedMandate(mandate, flow.customerReference) : null,
        failureReason: null,
      };
      if (flow.status === 'PAID') return { ...result, status: 'PAID' };
      if (flow.status === 'FAILED') {
        return { ...result, status: 'FAILED', failureReason: SANDBOX_BANK_REFUSED };
      }
      if (flow.status === 'CANCELLED') {
        return { ...result, status: 'FAILED', failureReason: SANDBOX_BANK_CANCELLED };
      }
      return result;
    },

    async createMandateFlow(request) {
      const flowId = await openOnce(
        `flow:${request.reference}`,
        { table: FLOW, idPrefix: 'RE' },
        (id): SandboxFlow => ({
          ...request,
          flowId: id,
          status: 'OPEN',
          account: null,
          mandateId: null,
        }),
      );
      return { flowId, redirectUrl: `/sandbox/direct-debit/${flowId}` };
    },

    async submitAccount({ flowId, account }) {
      const flow = await getFlow(flowId);
      if (!flow || flow.status === 'COMPLETED') return { kind: 'NOT_OPEN' };
      const errors = checkBankAccount(account);
      if (Object.keys(errors).length > 0) return { kind: 'INVALID', errors };
      const sortCode = normaliseSortCode(account.sortCode);
      const next: SandboxFlow = {
        ...flow,
        status: 'CONFIRMING',
        account: {
          holderName: account.accountHolderName.trim(),
          sortCode,
          bankName: findBankName(sortCode),
          accountNumberEnding: account.accountNumber.replace(/\s/g, '').slice(-2),
        },
      };
      await store.put(FLOW, flowId, next);
      return { kind: 'CONFIRM', flow: next };
    },

    async confirm({ flowId }) {
      const flow = await getFlow(flowId);
      if (!flow || flow.status !== 'CONFIRMING' || !flow.account) return { kind: 'NOT_OPEN' };
      const mandate: SandboxMandate = {
        mandateId: sandboxId('MD'),
        holderName: flow.account.holderName,
        sortCode: flow.account.sortCode,
        bankName: flow.account.bankName,
        accountNumberEnding: flow.account.accountNumberEnding,
        // Counted from the start: a mandate without a count has every collection in the sandbox
        // read to count its own, on its first collection (a book's worth on a payment day).
        collectionsCreated: 0,
      };
      await store.putAll([
        { kind: MANDATE, id: mandate.mandateId, data: mandate },
        {
          kind: FLOW,
          id: flowId,
          data: { ...flow, status: 'COMPLETED', mandateId: mandate.mandateId },
        },
      ]);
      const separator = flow.successUrl.includes('?') ? '&' : '?';
      return {
        kind: 'COMPLETED',
        redirectUrl: `${flow.successUrl}${separator}redirect_flow_id=${encodeURIComponent(flowId)}`,
      };
    },

    async completeMandateFlow({ flowId }) {
      const flow = await getFlow(flowId);
      const mandate = flow?.mandateId
        ? await store.get<SandboxMandate>(MANDATE, flow.mandateId)
        : null;
      if (!flow || flow.status !== 'COMPLETED' || !mandate) throw new FlowNotCompletedError();
      return completedMandate(mandate, flow.customerReference);
    },

    async createCollection({ reference, mandateId, amountPence, chargeDate, now }) {
      const known = await store.get<{ id: string }>(BY_REFERENCE, `collection:${reference}`);
      const existing = known ? await store.get<SandboxCollection>(COLLECTION, known.id) : null;
      if (existing) return toCollection(existing, now);
      const mandate = await store.get<SandboxMandate>(MANDATE, mandateId);
      if (!mandate) throw new FlowNotCompletedError('No such mandate.');
      const today = londonDateString(now);
      const earliest = addWorkingDays(today, 1);
      // A requested day is kept when the provider can still make it (Bacs: confirmed 2 days on).
      const onDay = chargeDate && chargeDate > earliest ? chargeDate : null;
      const nth = 1 + (mandate.collectionsCreated ?? (await countCollections(mandateId)));
      const outcome = sandboxOutcome(mandate.holderName, nth);
      const record: SandboxCollection = {
        providerPaymentId: sandboxId('PM'),
        reference,
        mandateId,
        amountPence,
        chargeDate: onDay ?? earliest,
        settlesOn: onDay
          ? addWorkingDays(onDay, 2)
          : addWorkingDays(today, SANDBOX_SETTLEMENT_WORKING_DAYS),
        failureReason: null,
        fails: outcome === 'FAILS',
        neverSettles: outcome === 'NEVER_SETTLES',
        announced: 'PENDING',
      };
      await store.putAll([
        { kind: COLLECTION, id: record.providerPaymentId, data: record },
        { kind: OPEN_COLLECTION, id: record.providerPaymentId, data: record },
        { kind: MANDATE, id: mandateId, data: { ...mandate, collectionsCreated: nth } },
        {
          kind: BY_REFERENCE,
          id: `collection:${reference}`,
          data: { id: record.providerPaymentId },
        },
      ]);
      return toCollection(record, now);
    },

    async getCollection({ providerPaymentId, now }) {
      const record = await store.get<SandboxCollection>(COLLECTION, providerPaymentId);
      if (!record) throw new FlowNotCompletedError('No such collection.');
      return toCollection(record, now);
    },

    async refundCollection({ reference, providerPaymentId, amountPence, now }) {
      const done = await store.get<RefundResult>(REFUND, reference);
      if (done) return done;
      const record = await store.get<SandboxCollection>(COLLECTION, providerPaymentId);
      const refunded = (await store.list<SandboxRefund>(REFUND_OF))
        .filter((refund) => refund.providerPaymentId === providerPaymentId)
        .reduce((total, refund) => total + refund.amountPence, 0);
      const refusal =
        !record || statusAt(record, now) !== 'SETTLED'
          ? SANDBOX_REFUND_REFUSED
          : refunded + amountPence > record.amountPence
            ? SANDBOX_REFUND_TOO_MUCH
            : null;
      if (refusal) {
        const result: RefundResult = { status: 'FAILED', providerRefundId: null, message: refusal };
        await store.put(REFUND, reference, result);
        return result;
      }
      const result: RefundResult = { status: 'PAID', providerRefundId: sandboxId('RF') };
      // The refund and its answer together: a rerun finds the answer, never refunds twice.
      await store.putAll([
        { kind: REFUND_OF, id: result.providerRefundId, data: { providerPaymentId, amountPence } },
        { kind: REFUND, id: reference, data: result },
      ]);
      return result;
    },

    async listCollections({ now }) {
      // Summed per collection first: a year's refunds against a year's collections, each looked
      // up once rather than each collection going through every refund.
      const refundedPence = new Map<string, number>();
      for (const refund of await store.list<SandboxRefund>(REFUND_OF)) {
        const { providerPaymentId, amountPence } = refund;
        refundedPence.set(
          providerPaymentId,
          (refundedPence.get(providerPaymentId) ?? 0) + amountPence,
        );
      }
      return (await store.list<SandboxCollection>(COLLECTION)).map((record) => ({
        ...toCollection(record, now),
        reference: record.reference,
        amountPence: record.amountPence,
        refundedPence: refundedPence.get(record.providerPaymentId) ?? 0,
      }));
    },

    async collectDueEvents(now) {
      const deliveries: SandboxDelivery[] = [];
      for (const record of await listOpenCollections()) {
        const current = statusAt(record, now);
        if (current === record.announced) continue;
        const events: DirectDebitEvent[] = [];
        const providerPaymentId = record.providerPaymentId;
        if (STEPS.indexOf(record.announced) < 1 && current !== 'PENDING') {
          events.push({
            type: 'COLLECTION_SUBMITTED',
            eventId: sandboxId('EV'),
            providerPaymentId,
          });
        }
        if (current === 'SETTLED') {
          events.push({ type: 'COLLECTION_SETTLED', eventId: sandboxId('EV'), providerPaymentId });
        }
        if (current === 'FAILED') {
          events.push({
            type: 'COLLECTION_FAILED',
            eventId: sandboxId('EV'),
            providerPaymentId,
            reason: SANDBOX_FAILURE_REASON,
          });
        }
        if (isAnnouncedInFull(current)) await store.remove(OPEN_COLLECTION, providerPaymentId);
        else await store.put(OPEN_COLLECTION, providerPaymentId, { ...record, announced: current });
        deliveries.push(signEvents(events, now));
      }
      return deliveries;
    },

    async parseWebhook(input) {
      // Whatever was signed: the payment module checks each event is whole.
      const body = webhooks.read(input) as { events?: DirectDebitEvent[] } | null;
      return body?.events ?? [];
    },
  };
  // Our calls to the provider (not its hosted pages) are where SANDBOX_PROVIDER_TIMEOUT_RATE bites.
  return {
    ...sandbox,
    createMandateFlow: (request) => faults.call(() => sandbox.createMandateFlow(request)),
    completeMandateFlow: (request) => faults.call(() => sandbox.completeMandateFlow(request)),
    createBankPayment: (request) => faults.call(() => sandbox.createBankPayment(request)),
    getBankPayment: (request) => faults.call(() => sandbox.getBankPayment(request)),
    createCollection: (request) => faults.call(() => sandbox.createCollection(request)),
    getCollection: (request) => faults.call(() => sandbox.getCollection(request)),
    refundCollection: (request) => faults.call(() => sandbox.refundCollection(request)),
    listCollections: (request) => faults.call(() => sandbox.listCollections(request)),
  };
}
