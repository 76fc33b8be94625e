import {
  billedInstalment,
  CHECKOUT_METHODS,
  countsAsUpsell,
  getCheckoutAction,
  isPaymentMethodNeeded,
  laterFirstDiscountedMonth,
  type CheckoutAction,
  type CheckoutMethod,
  type PaymentSchedule,
} from '@motor/domain';
import type { VerifyResponse } from '@motor/contract';
import { paths } from '../../lib/paths';
import { brand } from '../../lib/brand';
import { getProductConfig } from '../../lib/brand-products';
import { findSchemeByCode } from '../../lib/schemes';
import type { CheckoutProposal } from './api/proposal';

/** The schedule the customer chose; a proposal without one cannot be checked out. */
export function findActiveSchedule(proposal: CheckoutProposal): PaymentSchedule | null {
  return proposal.quote.availablePaymentSchedules.find((schedule) => schedule.active) ?? null;
}

/**
 * A way to pay at checkout: a brand's checkout method, or BANK (ADR 045), the first monthly
 * payment straight from the bank with the Direct Debit for later months set up in the same flow.
 */
export type CheckoutOption = CheckoutMethod | 'BANK';
const CHECKOUT_OPTIONS: readonly CheckoutOption[] = [...CHECKOUT_METHODS, 'BANK'];

/**
 * The methods offered for the proposal, first = default. A monthly (flex) schedule is paid by
 * direct debit with a card deposit (DUAL, spec 2 §4), or with the first payment by bank (BANK)
 * when there is a first payment to make.
 */
export function getCheckoutMethods(proposal: CheckoutProposal): CheckoutOption[] {
  if (findActiveSchedule(proposal)?.type === 'MONTHLY') {
    return getAction(proposal, 'DUAL', false) === 'PAY' ? ['DUAL', 'BANK'] : ['DUAL'];
  }
  return [getProductConfig(proposal.schemeCode).checkoutMethod];
}

/**
 * Spec 2 §4: the initial method comes from ?context= when it names a checkout method (e.g. a
 * "missing Direct Debit" notice links with context=DIRECT_DEBIT), else the first configured one.
 */
export function getInitialMethod(
  context: string | null,
  methods: readonly CheckoutOption[],
): CheckoutOption {
  // BANK only where it is offered (a monthly quote with a first payment to make).
  const named = CHECKOUT_OPTIONS.find((method) => method === context);
  if (named === 'BANK' && !methods.includes('BANK')) return methods[0] ?? 'CARD';
  return named ?? methods[0] ?? 'CARD';
}

/** The methods the picker offers: the configured ones, or the one ?context= asked for. */
export function getOfferedMethods(
  initial: CheckoutOption,
  methods: readonly CheckoutOption[],
): readonly CheckoutOption[] {
  return methods.includes(initial) ? methods : [initial];
}

/**
 * PAY, BIND or SETUP (spec 2 §4); but a free quote (total ≤ 0.001, spec 1 §4) needs no payment
 * method at all, so it is bound without asking for a card.
 */
export function getAction(
  proposal: CheckoutProposal,
  method: CheckoutOption,
  hasSavedCard: boolean,
): CheckoutAction {
  if (!needsPaymentMethod(proposal)) return 'BIND';
  return getCheckoutAction({
    // The bank pays the first payment as DUAL's card would; Direct Debit the later months.
    method: method === 'BANK' ? 'DUAL' : method,
    discountedTotalPence: proposal.quote.totals.discounted,
    hasSavedCard,
  });
}

/** Driveaway (nothing to pay) is bound straight after the account is created. */
export function needsPaymentMethod(proposal: CheckoutProposal): boolean {
  return isPaymentMethodNeeded({ discountedTotalPence: proposal.quote.totals.discounted });
}

/**
 * The part of each monthly instalment a promotion takes off when the quote does not say its
 * terms: the discount between the schedule's total and the discounted total, spread over the
 * instalments.
 */
function getMonthlyDiscount(proposal: CheckoutProposal, schedule: PaymentSchedule): number {
  const { totalPremium, numberOfInstalments } = schedule.premiumBreakdown;
  const discount = Math.max(0, totalPremium - proposal.quote.totals.discounted);
  return numberOfInstalments > 0 ? Math.round(discount / numberOfInstalments) : 0;
}

/**
 * What month `number` of the term bills: by the promotion's terms the quote keeps (every month,
 * or from the 7th for the loyalty discount), as the server bills it; else the spread discount.
 */
function getBilledMonth(
  proposal: CheckoutProposal,
  schedule: PaymentSchedule,
  number: number,
): number {
  const { deposit, instalmentAmount } = schedule.premiumBreakdown;
  const amount = number === 1 ? deposit : instalmentAmount;
  if (!proposal.quote.promotionMonthlyDiscountPence) {
    return Math.max(0, amount - getMonthlyDiscount(proposal, schedule));
  }
  const discount = amount - billedInstalment(amount, proposal.quote, number);
  return amount - Math.min(instalmentAmount, discount);
}

/** Pence taken now: the first instalment (monthly) or the discounted total (single payment). */
export function getAmountDueNow(proposal: CheckoutProposal): number {
  const schedule = findActiveSchedule(proposal);
  if (schedule?.type !== 'MONTHLY') return Math.max(0, proposal.quote.totals.discounted);
  return getBilledMonth(proposal, schedule, 1);
}

export type LaterInstalments = {
  count: number;
  amountPence: number;
  /** The months after those that bill less (a loyalty discount from `fromMonth`). */
  then?: { fromMonth: number; count: number; amountPence: number };
};

/**
 * The monthly instalments after the first, after any promotion: how many and of what, and the
 * later months apart when a promotion starts part-way (the loyalty discount's 7th month); null
 * for a single payment.
 */
export function getLaterInstalment(proposal: CheckoutProposal): LaterInstalments | null {
  const schedule = findActiveSchedule(proposal);
  if (schedule?.type !== 'MONTHLY') return null;
  const { numberOfInstalments } = schedule.premiumBreakdown;
  if (numberOfInstalments < 2) return null;
  const from = laterFirstDiscountedMonth(proposal.quote);
  const second = getBilledMonth(proposal, schedule, 2);
  if (from === null || from <= 2 || from > numberOfInstalments) {
    return { count: numberOfInstalments - 1, amountPence: second };
  }
  return {
    count: from - 2,
    amountPence: second,
    then: {
      fromMonth: from,
      count: numberOfInstalments - from + 1,
      amountPence: getBilledMonth(proposal, schedule, from),
    },
  };
}

export type FailedCheck = VerifyResponse['checks'][number];

/** The checks that did not pass (CONSIDER means failed). */
export function getFailedChecks(result: VerifyResponse): FailedCheck[] {
  return result.checks.filter((check) => check.result === 'CONSIDER');
}

/** Checks with their own customer-facing text in checkout.json (verification.checks.*). */
export const CHECKS_WITH_MESSAGES = [
  'MAX_DRIVEAWAY_POLICIES',
  'PRIOR_POLICY',
  // The identity provider's checks (a sentence each, never 'Check IDENTITY': issue 31 item 10).
  'IDENTITY',
  'SANCTIONS',
  'FRAUD',
] as const;

/**
 * The success page's upsell card: the longer-term proposal linked to this one while it is still
 * a quote, or, after a short-term (Driveaway) policy without one, a new quote of the brand's
 * subscription product. Null when there is nothing longer to offer.
 */
export function findUpsell(
  proposal: CheckoutProposal,
): { kind: 'proposal' | 'product'; path: string } | null {
  const linked = proposal.upsellProposal;
  if (linked) {
    const scheme = countsAsUpsell(linked) ? findSchemeByCode(linked.schemeCode ?? '') : null;
    if (!scheme) return null;
    // A quote still open is the upgrade offer (spec 2 §2 upgrade); an expired one reprices.
    const path =
      linked.status === 'QUOTE'
        ? paths.proposalUpgrade(scheme.urlName, linked.proposalCode)
        : paths.proposal(scheme.urlName, linked.proposalCode);
    return { kind: 'proposal', path };
  }
  if (getProductConfig(proposal.schemeCode).productKind !== 'DRIVEAWAY') return null;
  const longer = brand.schemes.find(
    (scheme) => getProductConfig(scheme.schemeCode).productKind === 'SUBSCRIPTION',
  );
  return longer ? { kind: 'product', path: paths.product(longer.urlName) } : null;
}
