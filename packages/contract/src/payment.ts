import { z } from 'zod';
import { DirectDebitMandateSchema, PaymentMethodTypeSchema, PenceSchema } from '@motor/domain';

// Requests and responses of the card (/api/stripe/...) and direct-debit (/api/goCardless/...)
// calls of spec 2 §7 and spec 3 §7. The names are the spec's; the provider behind them is chosen
// by configuration (a sandbox by default).

/**
 * A path on our own site (where the provider sends the customer back): starts with one `/`, so
 * it can never point at another site.
 */
export const ReturnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, { error: 'must be a path on this site, starting with /' });

/** Where a hosted page (card or bank) sends the customer back: having paid, or having left. */
const ReturnPaths = {
  /** Where the customer comes back after paying (or approving). */
  successPath: ReturnPathSchema,
  /** Where the customer comes back when they leave without paying. */
  cancelPath: ReturnPathSchema,
};

export const CardCheckoutRequestSchema = z
  .object({
    saveCard: z.boolean().default(false),
    ...ReturnPaths,
    /**
     * The policy's payment method once bound: CARD, or BACS_DEBIT for DUAL, where the card pays
     * the deposit and the Direct Debit mandate (set up first) the instalments. Default: BACS_DEBIT
     * for a MONTHLY schedule (spec 2 §4: flex monthly is DUAL only), else CARD.
     */
    paymentMethodType: PaymentMethodTypeSchema.optional(),
  })
  .meta({ id: 'CardCheckoutRequest' });
export type CardCheckoutRequest = z.input<typeof CardCheckoutRequestSchema>;

/** The hosted page to send the customer to. */
export const CardCheckoutSessionSchema = z
  .object({
    /** The provider's session id (appended to successPath as `session_id` on return). */
    sessionId: z.string(),
    /** Where to send the browser: a sandbox page on this site or the provider's page. */
    url: z.string(),
    amountPence: PenceSchema,
  })
  .meta({ id: 'CardCheckoutSession' });
export type CardCheckoutSession = z.infer<typeof CardCheckoutSessionSchema>;

export const CardSetupRequestSchema = z
  .object({
    clientReference: z.string().min(1).max(100),
    ...ReturnPaths,
  })
  .meta({ id: 'CardSetupRequest' });
export type CardSetupRequest = z.infer<typeof CardSetupRequestSchema>;

/** The card token format of the brand configuration (formats.cardToken). */
export const CARD_TOKEN_REGEX = /^tok_\w{2,}$/;

/** A card token staff type in for a payment by phone (never card numbers). */
const CardTokenSchema = z
  .string()
  .regex(CARD_TOKEN_REGEX, { error: 'Enter the card token, like tok_abc123' });

export const MotoCheckoutRequestSchema = z
  .object({
    saveCard: z.boolean().default(false),
    token: CardTokenSchema,
    /** yyyy-MM-dd; must be the policyholder's. */
    dateOfBirth: z.iso.date({ error: 'Enter the date of birth as yyyy-MM-dd' }),
    postalCode: z.string().max(10).optional(),
    /** As for the hosted checkout: BACS_DEBIT when the card pays a DUAL deposit. */
    paymentMethodType: PaymentMethodTypeSchema.optional(),
  })
  .meta({ id: 'MotoCheckoutRequest' });
export type MotoCheckoutRequest = z.input<typeof MotoCheckoutRequestSchema>;

export const MotoCheckoutResponseSchema = z
  .object({
    status: z.literal('SUCCEEDED'),
    providerPaymentId: z.string(),
    amountPence: PenceSchema,
    /**
     * A balance settled by phone that was paid meanwhile (by the customer's card checkout): the
     * part of this payment that paid nothing owed, being refunded to the card. Absent otherwise.
     */
    refundPence: PenceSchema.optional(),
  })
  .meta({ id: 'MotoCheckoutResponse' });
export type MotoCheckoutResponse = z.infer<typeof MotoCheckoutResponseSchema>;

export const MandateFlowRequestSchema = z
  .object({
    mandateDescription: z.string().min(1).max(100),
    /** Where the customer comes back, with `?redirect_flow_id=`: a path on this site. */
    successUrl: ReturnPathSchema,
    /**
     * The proposal the mandate will pay for, when set up at checkout: the quote's bind gates
     * (status, verification, agreements) are checked before the customer is sent to the bank.
     */
    proposalCode: z.string().min(1).max(100).optional(),
  })
  .meta({ id: 'MandateFlowRequest' });
export type MandateFlowRequest = z.infer<typeof MandateFlowRequestSchema>;

export const MandateFlowResponseSchema = z
  .object({ flowId: z.string(), redirectUrl: z.string() })
  .meta({ id: 'MandateFlowResponse' });
export type MandateFlowResponse = z.infer<typeof MandateFlowResponseSchema>;

/**
 * POST /api/goCardless/bank-payments/proposal/{code}: an instant bank payment of the first
 * monthly payment, with the Direct Debit mandate for the later months set up in the same flow.
 */
export const BankPaymentRequestSchema = z
  .object({
    // The customer comes back to successPath with `?bank_payment_id=`.
    ...ReturnPaths,
  })
  .meta({ id: 'BankPaymentRequest' });
export type BankPaymentRequest = z.infer<typeof BankPaymentRequestSchema>;

export const BankPaymentSessionSchema = z
  .object({ bankPaymentId: z.string(), redirectUrl: z.string(), amountPence: PenceSchema })
  .meta({ id: 'BankPaymentSession' });
export type BankPaymentSession = z.infer<typeof BankPaymentSessionSchema>;

/**
 * GET /api/goCardless/bank-payments/{bankPaymentId}: PENDING until the provider's signed webhook
 * says the payment was confirmed (PAID: the policy is bound) or not (FAILED).
 */
export const BankPaymentStatusSchema = z
  .object({
    bankPaymentId: z.string(),
    status: z.enum(['PENDING', 'PAID', 'FAILED']),
    proposalCode: z.string().nullable(),
    amountPence: PenceSchema,
  })
  .meta({ id: 'BankPaymentStatus' });
export type BankPaymentStatus = z.infer<typeof BankPaymentStatusSchema>;

export const BankPaymentParamsSchema = z.object({ bankPaymentId: z.string().min(1).max(100) });

export const CreateMandateRequestSchema = z
  .object({ redirectFlowId: z.string().min(1).max(100) })
  .meta({ id: 'CreateMandateRequest' });
export type CreateMandateRequest = z.infer<typeof CreateMandateRequestSchema>;

/** A mandate as the customer may see it: bank name and the last 2 digits only. */
export const MandateSchema = DirectDebitMandateSchema.meta({ id: 'Mandate' });
export type Mandate = z.infer<typeof MandateSchema>;

export const MandateListResponseSchema = z.array(MandateSchema);

/** A saved card as the customer may see it: its brand and last 4 digits only. */
const SavedCardSchema = z
  .object({ cardId: z.string(), brand: z.string(), last4: z.string() })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof SavedCardSchema>;

/** GET /api/stripe/cards: the caller's saved card (none or one), which BIND at checkout uses. */
export const SavedCardListResponseSchema = z.array(SavedCardSchema);

// Settling an account's outstanding balance (spec 3 §7 stripeSettleSession,
// stripeMotoSettleSession): POST /api/stripe/settle/{accountId} (the customer, hosted checkout)
// and POST /api/stripe/moto/settle/{accountId} (staff by phone). The amount is always the
// account's outstanding amount as the ledger has it, never the caller's.

export const SettleCheckoutRequestSchema = z
  .object({
    ...ReturnPaths,
    /** What the hosted page shows the customer pays for. */
    lineItem: z.object({
      name: z.string().trim().min(1).max(100),
      description: z.string().trim().max(200).optional(),
      imageUrl: z
        .url({ protocol: /^https$/ })
        .max(500)
        .optional(),
    }),
    /** The checkout's language: this product speaks en-GB only. */
    locale: z.literal('en-GB').default('en-GB'),
    saveCard: z.boolean().default(false),
  })
  .meta({ id: 'SettleCheckoutRequest' });
export type SettleCheckoutRequest = z.input<typeof SettleCheckoutRequestSchema>;

export const SettleMotoRequestSchema = z
  .object({
    token: CardTokenSchema,
    /** The cardholder's postcode; answered upper-cased. */
    postalCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, { error: 'Enter a UK postcode, like SW1A 1AA' }),
    /** yyyy-MM-dd, typed by the staff member: must be the policyholder's. */
    dateOfBirth: z.iso.date({ error: 'Enter the date of birth as yyyy-MM-dd' }),
    country: z.literal('GB').default('GB'),
    itemName: z.string().trim().min(1).max(100).optional(),
    saveCard: z.boolean().default(false),
  })
  .meta({ id: 'SettleMotoRequest' });
export type SettleMotoRequest = z.input<typeof SettleMotoRequestSchema>;
