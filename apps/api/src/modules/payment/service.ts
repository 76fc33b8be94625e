import { randomBytes } from 'node:crypto';
import type { CardCheckoutSession, Mandate, MandateFlowResponse } from '@motor/contract';
import type { PaymentMethodType } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { ProviderUnavailableError, type CardCheckoutRequest } from '../../providers/card-payments';
import { FlowNotCompletedError } from '../../providers/direct-debit';
import { recordAudit } from '../audit';
import { findActorUserId, type Principal } from '../identity';
import { computeAmountDueAtBind } from '../policy';
import { assertBindable } from '../policy';
import { buildIdentitySubject } from '../proposal';
import type { ProposalRow } from '../proposal';
import { findActiveMandate, MANDATE_REQUIRED_MESSAGE } from './methods';
import * as repository from './repository';

const PAYMENT_MESSAGES = {
  nothingToPay: 'There is nothing to pay on this quote.',
  dateOfBirthMismatch: "The date of birth does not match the policyholder's.",
  flowNotFound: 'We could not find that Direct Debit set-up.',
  providerUnavailable: 'The payment provider is not answering. Please try again in a minute.',
  tokenExpired: 'The card token has timed out after 10 minutes. Generate a new one.',
} as const;

/** A phone payment's card token is good for 10 minutes from when it was made (spec 3 §9). */
const PHONE_TOKEN_VALIDITY_MS = 10 * 60 * 1000;

/** Our own ids: the provider's client reference and the root of every idempotency key. */
export function createPaymentSessionId(): string {
  return `ps_${randomBytes(16).toString('base64url')}`;
}

export async function withProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable, undefined, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * What a proposal the caller may buy costs now, after every bind gate (a payment bind would refuse
 * is never taken); refuses with 409 when there is nothing to pay.
 */
export async function dueBeforePaying(deps: ServiceDeps, row: ProposalRow) {
  const answered = await assertBindable(deps, row);
  const due = computeAmountDueAtBind(answered.quote);
  if (due.totalPence <= 0) throw new AppError('CONFLICT', PAYMENT_MESSAGES.nothingToPay);
  return due;
}

/** The absolute URLs a provider's hosted page sends the customer back to. */
export function returnUrls(deps: ServiceDeps, paths: { successPath: string; cancelPath: string }) {
  return {
    successUrl: `${deps.config.publicUrl}${paths.successPath}`,
    cancelUrl: `${deps.config.publicUrl}${paths.cancelPath}`,
  };
}

/** Records a hosted payment page just opened at a provider: OPEN until its webhook says more. */
export function recordOpenSession(
  deps: ServiceDeps,
  session: Omit<repository.NewPaymentSession, 'status' | 'createdAt'>,
): Promise<void> {
  return repository.insertSession(deps.db, {
    ...session,
    status: 'OPEN',
    createdAt: deps.clock.now(),
  });
}

/**
 * Opens the card provider's hosted page (a payment or a card set-up) under a new id of ours and
 * records it; the customer is sent to the returned url.
 */
async function openCardSession(
  deps: ServiceDeps,
  request: Omit<CardCheckoutRequest, 'reference' | 'successUrl' | 'cancelUrl'> & {
    successPath: string;
    cancelPath: string;
  },
  /** What the session is for; the rest of the record follows from the request. */
  record: Omit<
    repository.NewPaymentSession,
    | 'sessionId'
    | 'adapter'
    | 'providerSessionId'
    | 'ownerUserId'
    | 'amountPence'
    | 'saveCard'
    | 'status'
    | 'createdAt'
  >,
): Promise<CardCheckoutSession> {
  const sessionId = createPaymentSessionId();
  const provider = deps.providers.cardPayments;
  const session = await withProvider(() =>
    provider.createCheckoutSession({
      mode: request.mode,
      reference: sessionId,
      customerReference: request.customerReference,
      amountPence: request.amountPence,
      description: request.description,
      saveCard: request.saveCard,
      ...returnUrls(deps, request),
    }),
  );
  await recordOpenSession(deps, {
    sessionId,
    adapter: provider.adapter,
    providerSessionId: session.providerSessionId,
    ownerUserId: request.customerReference,
    amountPence: request.amountPence,
    saveCard: request.saveCard,
    ...record,
  });
  return {
    sessionId: session.providerSessionId,
    url: session.url,
    amountPence: request.amountPence,
  };
}

/**
 * What the customer pays now for a proposal they may buy, and how the policy will be paid: a
 * MONTHLY schedule is DUAL unless the caller says otherwise (a card deposit, then Direct Debit,
 * which needs a mandate before any money is taken). Refuses anything else with 409.
 */
async function getCardPaymentPlan(
  deps: ServiceDeps,
  options: { row: ProposalRow; paymentMethodType?: PaymentMethodType },
): Promise<{ amountPence: number; paymentMethodType: PaymentMethodType; description: string }> {
  const { row } = options;
  const due = await dueBeforePaying(deps, row);
  const paymentMethodType =
    options.paymentMethodType ?? (due.scheduleType === 'MONTHLY' ? 'BACS_DEBIT' : 'CARD');
  if (paymentMethodType === 'BACS_DEBIT' && !(await findActiveMandate(deps.db, row.ownerUserId))) {
    throw new AppError('CONFLICT', MANDATE_REQUIRED_MESSAGE);
  }
  return { amountPence: due.totalPence, paymentMethodType, description: describe(row) };
}

export function describe(row: ProposalRow): string {
  return `Motor insurance ${row.externalReference}`;
}

/**
 * What a card payment pays for: a proposal (bind follows), a policy change, or a customer
 * account's outstanding balance (the account id is kept as the session's clientReference).
 */
type CheckoutPurpose =
  | { proposalCode: string; adjustmentId?: undefined; accountId?: undefined }
  | { adjustmentId: string; proposalCode?: undefined; accountId?: undefined }
  | { accountId: string; proposalCode?: undefined; adjustmentId?: undefined };

function describeTarget(target: CheckoutPurpose): string {
  if (target.proposalCode) return `proposal:${target.proposalCode}`;
  if (target.adjustmentId) return `adjustment:${target.adjustmentId}`;
  return `account:${target.accountId}`;
}

/** A card checkout of a known amount: who pays, what for, and where the customer comes back. */
type PricedCheckout = {
  ownerUserId: string;
  amountPence: number;
  description: string;
  saveCard: boolean;
  successPath: string;
  cancelPath: string;
};

async function openCardCheckout(
  deps: ServiceDeps,
  options: CheckoutPurpose & PricedCheckout & { paymentMethodType: PaymentMethodType },
): Promise<CardCheckoutSession> {
  return openCardSession(
    deps,
    {
      mode: 'PAYMENT',
      customerReference: options.ownerUserId,
      amountPence: options.amountPence,
      description: options.description,
      saveCard: options.saveCard,
      successPath: options.successPath,
      cancelPath: options.cancelPath,
    },
    {
      kind: 'CARD_CHECKOUT',
      proposalCode: options.proposalCode ?? null,
      adjustmentId: options.adjustmentId ?? null,
      clientReference: options.accountId ?? null,
      paymentMethodType: options.paymentMethodType,
    },
  );
}

export async function startCardCheckout(
  deps: ServiceDeps,
  options: {
    row: ProposalRow;
    ownerUserId: string;
    saveCard: boolean;
    successPath: string;
    cancelPath: string;
    paymentMethodType?: PaymentMethodType;
  },
): Promise<CardCheckoutSession> {
  const plan = await getCardPaymentPlan(deps, options);
  return openCardCheckout(deps, { ...options, ...plan, proposalCode: options.row.proposalCode });
}

/**
 * The hosted checkout for what another flow has priced: a confirmed-on-payment policy change
 * (the adjustment flow has checked that it may be paid; the card webhook then confirms it) or an
 * account's outstanding balance (read from the ledger by the settle flow; the card webhook then
 * posts the payment to the account, onSettlementPaid).
 */
export function startPricedCardCheckout(
  deps: ServiceDeps,
  options: Exclude<CheckoutPurpose, { proposalCode: string }> & PricedCheckout,
): Promise<CardCheckoutSession> {
  return openCardCheckout(deps, { ...options, paymentMethodType: 'CARD' });
}

export async function startCardSetup(
  deps: ServiceDeps,
  options: {
    ownerUserId: string;
    clientReference: string;
    successPath: string;
    cancelPath: string;
  },
): Promise<CardCheckoutSession> {
  return openCardSession(
    deps,
    {
      mode: 'SETUP',
      customerReference: options.ownerUserId,
      amountPence: 0,
      description: 'Save a card for your motor insurance',
      saveCard: true,
      successPath: options.successPath,
      cancelPath: options.cancelPath,
    },
    { kind: 'CARD_SETUP', clientReference: options.clientReference },
  );
}

const dateOfBirthMismatch = () =>
  new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.dateOfBirthMismatch, {
    fields: [{ in: 'body', path: 'dateOfBirth', message: PAYMENT_MESSAGES.dateOfBirthMismatch }],
  });

type PhoneCharge = {
  principal: Principal;
  ownerUserId: string;
  amountPence: number;
  description: string;
  token: string;
  saveCard: boolean;
  paymentMethodType: PaymentMethodType;
  /** What the payment is for: the audit row's target and the session's link. */
  target: CheckoutPurpose;
};

type PhoneChargeResult = {
  providerPaymentId: string;
  amountPence: number;
  paymentMethodType: PaymentMethodType;
};

/**
 * Charges a card token (MOTO) once the caller has checked what is paid for and who is on the
 * phone: audited whatever the outcome; a decline answers 402 and stores a failed session.
 */
async function chargeTokenByPhone(
  deps: ServiceDeps,
  options: PhoneCharge,
): Promise<PhoneChargeResult> {
  const { ownerUserId, amountPence, target } = options;
  const now = deps.clock.now();
  await recordAudit(deps.db, {
    actorUserId: findActorUserId(options.principal) ?? 'unknown',
    subjectUserId: ownerUserId,
    action: 'payment.moto',
    target: describeTarget(target),
    at: now,
  });
  const sessionId = createPaymentSessionId();
  const provider = deps.providers.cardPayments;
  const result = await withProvider(() =>
    provider.chargeWithToken({
      reference: sessionId,
      customerReference: ownerUserId,
      amountPence,
      description: options.description,
      token: options.token,
      saveCard: options.saveCard,
      tokenIssuedAfter: new Date(now.getTime() - PHONE_TOKEN_VALIDITY_MS),
    }),
  );
  if (result.status === 'DECLINED' && result.reason === 'TOKEN_EXPIRED') {
    // Nothing was tried: spec 3 §8's banner for a timeout (details.type) asks for a new token.
    throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.tokenExpired, {
      type: 'timeout',
      fields: [{ in: 'body', path: 'token', message: PAYMENT_MESSAGES.tokenExpired }],
    });
  }
  await repository.insertSession(deps.db, {
    sessionId,
    kind: 'CARD_CHECKOUT',
    adapter: provider.adapter,
    providerSessionId: result.providerPaymentId ?? sessionId,
    ownerUserId,
    proposalCode: target.proposalCode ?? null,
    adjustmentId: target.adjustmentId ?? null,
    clientReference: target.accountId ?? null,
    amountPence,
    saveCard: options.saveCard,
    paymentMethodType: options.paymentMethodType,
    status: result.status === 'SUCCEEDED' ? 'COMPLETED' : 'FAILED',
    providerPaymentId: result.providerPaymentId,
    createdAt: now,
    completedAt: now,
  });
  if (result.status === 'DECLINED') {
    // Spec 3 §8: an incomplete payment has its own banner; the issuer's code is shown in brackets.
    throw new AppError('PAYMENT_REQUIRED', result.message, {
      ...(result.reason === 'INCOMPLETE' ? { type: 'incomplete' } : {}),
      declineCode: result.declineCode ?? null,
    });
  }
  await repository.recordCollectionStatus(deps.db, {
    providerPaymentId: result.providerPaymentId,
    provider: 'CARD',
    ownerUserId,
    sessionId,
    proposalCode: target.proposalCode ?? null,
    amountPence,
    status: 'SETTLED',
    cardLast4: result.paidWith?.last4 ?? null,
    at: now,
  });
  if (result.card) {
    await saveCard(deps.db, { ownerUserId, adapter: provider.adapter, card: result.card, at: now });
  }
  return {
    providerPaymentId: result.providerPaymentId,
    amountPence,
    paymentMethodType: options.paymentMethodType,
  };
}

/**
 * A phone payment taken by an admin for the proposal's owner with a card token (the bind that
 * follows is the take-moto-payment flow's). The quote's gates come first; the date of birth must
 * be the policyholder's; the attempt is audited whatever its outcome.
 */
export async function chargeByPhone(
  deps: ServiceDeps,
  options: {
    row: ProposalRow;
    principal: Principal;
    token: string;
    saveCard: boolean;
    dateOfBirth: string;
    paymentMethodType?: PaymentMethodType;
  },
): Promise<PhoneChargeResult> {
  const { row } = options;
  // The quote's gates first: a quote that cannot be bought is refused whoever is on the phone.
  const plan = await getCardPaymentPlan(deps, options);
  const subject = buildIdentitySubject(row.data);
  if (subject.dateOfBirth !== options.dateOfBirth) throw dateOfBirthMismatch();
  return chargeTokenByPhone(deps, {
    ...options,
    ...plan,
    ownerUserId: row.ownerUserId,
    target: { proposalCode: row.proposalCode },
  });
}

/**
 * A phone payment for what another flow has priced (a policy change, an outstanding balance): the
 * date of birth typed by the staff member must be the policyholder's.
 */
export async function chargeCardByPhone(
  deps: ServiceDeps,
  options: Omit<PhoneCharge, 'paymentMethodType'> & {
    dateOfBirth: string;
    policyholderDateOfBirth: string | null;
  },
): Promise<PhoneChargeResult> {
  if (!options.policyholderDateOfBirth || options.policyholderDateOfBirth !== options.dateOfBirth) {
    throw dateOfBirthMismatch();
  }
  return chargeTokenByPhone(deps, { ...options, paymentMethodType: 'CARD' });
}

export async function saveCard(
  db: Db,
  options: {
    ownerUserId: string;
    adapter: string;
    card: {
      providerReference: string;
      providerCustomerReference: string | null;
      brand: string;
      last4: string;
    };
    at: Date;
  },
) {
  const { card, at } = options;
  return repository.upsertPaymentMethod(db, {
    paymentMethodId: `pm_${randomBytes(12).toString('base64url')}`,
    type: 'CARD',
    status: 'ACTIVE',
    ownerUserId: options.ownerUserId,
    adapter: options.adapter,
    providerReference: card.providerReference,
    providerCustomerReference: card.providerCustomerReference,
    cardBrand: card.brand,
    cardLast4: card.last4,
    createdAt: at,
    updatedAt: at,
  });
}

export async function startMandateFlow(
  deps: ServiceDeps,
  options: { ownerUserId: string; description: string; successPath: string },
): Promise<MandateFlowResponse> {
  const sessionId = createPaymentSessionId();
  const provider = deps.providers.directDebit;
  const flow = await withProvider(() =>
    provider.createMandateFlow({
      reference: sessionId,
      customerReference: options.ownerUserId,
      description: options.description,
      successUrl: `${deps.config.publicUrl}${options.successPath}`,
    }),
  );
  await recordOpenSession(deps, {
    sessionId,
    kind: 'MANDATE_FLOW',
    adapter: provider.adapter,
    providerSessionId: flow.flowId,
    ownerUserId: options.ownerUserId,
    amountPence: 0,
  });
  return { flowId: flow.flowId, redirectUrl: flow.redirectUrl };
}

export function toMandate(row: repository.PaymentMethodRow): Mandate {
  return {
    type: 'BACS_DEBIT',
    mandateId: row.paymentMethodId,
    status: row.status,
    bankName: row.bankName ?? '',
    accountNumberEnding: row.accountNumberEnding ?? '00',
  };
}

/** Completes the caller's own flow (someone else's answers 404) and stores its mandate. */
export async function completeMandateFlow(
  deps: ServiceDeps,
  options: { ownerUserId: string; flowId: string },
): Promise<Mandate> {
  const provider = deps.providers.directDebit;
  const session = await repository.findSessionByProviderId(deps.db, {
    adapter: provider.adapter,
    providerSessionId: options.flowId,
  });
  if (!session || session.kind !== 'MANDATE_FLOW' || session.ownerUserId !== options.ownerUserId) {
    throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.flowNotFound);
  }
  const now = deps.clock.now();
  let mandate;
  try {
    mandate = await withProvider(() =>
      provider.completeMandateFlow({ flowId: options.flowId, now }),
    );
  } catch (error) {
    if (error instanceof FlowNotCompletedError) throw new AppError('CONFLICT', error.message);
    throw error;
  }
  const row = await repository.upsertPaymentMethod(deps.db, {
    paymentMethodId: `md_${randomBytes(12).toString('base64url')}`,
    type: 'BACS_DEBIT',
    status: mandate.status,
    ownerUserId: options.ownerUserId,
    adapter: provider.adapter,
    providerReference: mandate.mandateId,
    providerCustomerReference: mandate.providerCustomerReference,
    bankName: mandate.bankName,
    accountNumberEnding: mandate.accountNumberEnding,
    accountHolderName: mandate.accountHolderName,
    sortCode: mandate.sortCode,
    createdAt: now,
    updatedAt: now,
  });
  await repository.completeSession(deps.db, {
    sessionId: session.sessionId,
    providerPaymentId: null,
    at: now,
  });
  return toMandate(row);
}
