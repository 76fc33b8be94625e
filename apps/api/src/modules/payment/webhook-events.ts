import { z } from 'zod';
import type { CardEvent } from '../../providers/card-payments';
import type { DirectDebitEvent } from '../../providers/direct-debit';

// A webhook is checked twice: the provider adapter verifies the signature, then these schemas
// check that what it mapped is a whole event in our words (issue 21 item 3). A validly signed
// event with no id, or a body that is not JSON, is refused with a 400 once, not a 500 the
// provider would redeliver for days.

const id = z.string().trim().min(1).max(255);
const pence = z.number().int().nonnegative().max(100_000_000);
/** A provider's own words: a decline message, a failure's or a cancellation's reason. */
const providerText = z.string().max(2000);
const savedCard = z.object({
  providerReference: id,
  providerCustomerReference: id.nullable(),
  brand: z.string().max(50),
  last4: z.string().regex(/^\d{4}$/),
});
const paymentRef = {
  eventId: id,
  providerPaymentId: id,
  providerSessionId: id.nullable(),
  reference: id.nullable(),
};

/** An event we do not act on, kept by its vendor's type. */
const ignoredEvent = z.object({
  eventId: id,
  type: z.literal('IGNORED'),
  vendorType: z.string().max(255),
});

/** Either provider's word on a refund it took: paid, or not. */
const refundEvents = [
  z.object({ eventId: id, type: z.literal('REFUND_PAID'), providerRefundId: id }),
  z.object({
    eventId: id,
    type: z.literal('REFUND_FAILED'),
    providerRefundId: id,
    reason: providerText,
  }),
] as const;

const CardEventSchema = z.discriminatedUnion('type', [
  z.object({ ...paymentRef, type: z.literal('PAYMENT_PENDING'), amountPence: pence }),
  z.object({
    ...paymentRef,
    type: z.literal('PAYMENT_SUCCEEDED'),
    amountPence: pence,
    card: savedCard.nullable(),
    // Absent from an event signed before adapters named the card that paid: not known.
    paidWith: savedCard.pick({ brand: true, last4: true }).nullable().default(null),
  }),
  z.object({ ...paymentRef, type: z.literal('PAYMENT_FAILED'), message: providerText }),
  z.object({
    eventId: id,
    type: z.literal('CARD_SAVED'),
    providerSessionId: id,
    reference: id.nullable(),
    card: savedCard,
  }),
  ...refundEvents,
  ignoredEvent,
]);

const DirectDebitEventSchema = z.discriminatedUnion('type', [
  z.object({ eventId: id, type: z.enum(['MANDATE_ACTIVE', 'MANDATE_CANCELLED']), mandateId: id }),
  z.object({
    eventId: id,
    type: z.enum(['COLLECTION_PENDING', 'COLLECTION_SUBMITTED', 'COLLECTION_SETTLED']),
    providerPaymentId: id,
  }),
  z.object({
    eventId: id,
    type: z.literal('COLLECTION_FAILED'),
    providerPaymentId: id,
    reason: providerText,
  }),
  z.object({ eventId: id, type: z.literal('BANK_PAYMENT_FULFILLED'), flowId: id }),
  z.object({
    eventId: id,
    type: z.literal('BANK_PAYMENT_CANCELLED'),
    flowId: id,
    reason: providerText,
  }),
  ...refundEvents,
  ignoredEvent,
]);

/** The event if it is whole, else null. */
export function checkCardEvent(event: unknown): CardEvent | null {
  const parsed = CardEventSchema.safeParse(event);
  return parsed.success ? (parsed.data as CardEvent) : null;
}

export function checkDirectDebitEvent(event: unknown): DirectDebitEvent | null {
  const parsed = DirectDebitEventSchema.safeParse(event);
  return parsed.success ? (parsed.data as DirectDebitEvent) : null;
}
