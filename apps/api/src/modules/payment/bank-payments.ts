import { randomBytes } from 'node:crypto';
import type { BankPaymentSession, BankPaymentStatus } from '@motor/contract';
import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import type { ProposalRow } from '../proposal';
import * as repository from './repository';
import {
  createPaymentSessionId,
  describe,
  dueBeforePaying,
  recordOpenSession,
  returnUrls,
  withProvider,
} from './service';

// Instant bank payment (ADR 045): the first monthly payment is paid from the customer's bank
// (GoCardless Instant Bank Pay) and the Direct Debit mandate for the later months is set up in
// the same hosted flow. Nothing here binds: the signed webhook does (webhooks.ts), once the
// provider's own record says the payment was confirmed.

export const BANK_PAYMENT_MESSAGES = {
  monthlyOnly: 'Pay by bank is for monthly payments. Choose to pay by card.',
  notFound: 'We could not find that bank payment.',
} as const;

/** What the customer's statement says of the payment. */
export const BANK_PAYMENT_DESCRIPTION = 'Instant bank payment';

/**
 * Starts the hosted flow for the first payment of a monthly proposal the caller may buy: every
 * bind gate first (as a card checkout), then the provider's Billing Request with the payment and
 * the mandate for later months.
 */
export async function startBankPayment(
  deps: ServiceDeps,
  options: { row: ProposalRow; ownerUserId: string; successPath: string; cancelPath: string },
): Promise<BankPaymentSession> {
  const { row, ownerUserId } = options;
  const due = await dueBeforePaying(deps, row);
  if (due.scheduleType !== 'MONTHLY') {
    throw new AppError('CONFLICT', BANK_PAYMENT_MESSAGES.monthlyOnly);
  }
  const sessionId = createPaymentSessionId();
  const provider = deps.providers.directDebit;
  const urls = returnUrls(deps, options);
  const flow = await withProvider(() =>
    provider.createBankPayment({
      reference: sessionId,
      customerReference: ownerUserId,
      amountPence: due.totalPence,
      description: describe(row),
      mandateDescription: `${describe(row)} monthly payments`,
      successUrl: urls.successUrl,
      exitUrl: urls.cancelUrl,
    }),
  );
  await recordOpenSession(deps, {
    sessionId,
    kind: 'BANK_PAYMENT',
    adapter: provider.adapter,
    providerSessionId: flow.flowId,
    ownerUserId,
    proposalCode: row.proposalCode,
    amountPence: due.totalPence,
    // Later months are collected by Direct Debit under the mandate set up in the same flow.
    paymentMethodType: 'BACS_DEBIT',
  });
  return { bankPaymentId: flow.flowId, redirectUrl: flow.redirectUrl, amountPence: due.totalPence };
}

/**
 * The caller's own bank payment as our records have it (someone else's answers 404): PAID only
 * once the signed webhook was processed, never because the customer came back from the bank.
 */
export async function getBankPaymentStatus(
  deps: ServiceDeps,
  options: { ownerUserId: string; bankPaymentId: string },
): Promise<BankPaymentStatus> {
  const session = await repository.findSessionByProviderId(deps.db, {
    adapter: deps.providers.directDebit.adapter,
    providerSessionId: options.bankPaymentId,
  });
  if (!session || session.kind !== 'BANK_PAYMENT' || session.ownerUserId !== options.ownerUserId) {
    throw new AppError('NOT_FOUND', BANK_PAYMENT_MESSAGES.notFound);
  }
  const status = { OPEN: 'PENDING', COMPLETED: 'PAID', FAILED: 'FAILED' } as const;
  return {
    bankPaymentId: options.bankPaymentId,
    status: status[session.status],
    proposalCode: session.proposalCode,
    amountPence: session.amountPence,
  };
}

type BankPaymentOutcome =
  | { kind: 'WAITING' }
  | { kind: 'FAILED' }
  | { kind: 'PAID'; providerPaymentId: string; amountPence: number };

/**
 * Reads a bank payment from the provider (its own record decides, whatever order the events came
 * in) and records what it says: the payment as a collection of the session's proposal, and once
 * it is confirmed the mandate for later months; a failed or cancelled one fails the session.
 */
export async function resolveBankPayment(
  deps: ServiceDeps,
  session: repository.PaymentSessionRow,
): Promise<BankPaymentOutcome> {
  const provider = deps.providers.directDebit;
  const now = deps.clock.now();
  const bank = await provider.getBankPayment({ flowId: session.providerSessionId, now });
  const collection = (status: 'PENDING' | 'SETTLED' | 'FAILED', providerPaymentId: string) =>
    repository.recordCollectionStatus(deps.db, {
      providerPaymentId,
      provider: 'DIRECT_DEBIT',
      ownerUserId: session.ownerUserId,
      sessionId: session.sessionId,
      proposalCode: session.proposalCode,
      amountPence: bank.amountPence,
      status,
      failureReason: bank.failureReason,
      at: now,
    });
  if (bank.status === 'FAILED') {
    if (bank.providerPaymentId) await collection('FAILED', bank.providerPaymentId);
    await repository.failSession(deps.db, {
      sessionId: session.sessionId,
      providerPaymentId: bank.providerPaymentId,
      at: now,
    });
    return { kind: 'FAILED' };
  }
  if (!bank.providerPaymentId) return { kind: 'WAITING' };
  if (bank.status === 'PENDING') {
    await collection('PENDING', bank.providerPaymentId);
    return { kind: 'WAITING' };
  }
  await collection('SETTLED', bank.providerPaymentId);
  if (bank.mandate) {
    // Stored before the bind: a Direct Debit policy needs its mandate for the later months.
    await repository.upsertPaymentMethod(deps.db, {
      paymentMethodId: `md_${randomBytes(12).toString('base64url')}`,
      type: 'BACS_DEBIT',
      status: bank.mandate.status,
      ownerUserId: session.ownerUserId,
      adapter: provider.adapter,
      providerReference: bank.mandate.mandateId,
      providerCustomerReference: bank.mandate.providerCustomerReference,
      bankName: bank.mandate.bankName,
      accountNumberEnding: bank.mandate.accountNumberEnding,
      accountHolderName: bank.mandate.accountHolderName,
      sortCode: bank.mandate.sortCode,
      createdAt: now,
      updatedAt: now,
    });
  }
  return { kind: 'PAID', providerPaymentId: bank.providerPaymentId, amountPence: bank.amountPence };
}
