import { z } from 'zod';

export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES);

/** Status of a payment (spec 1 §4); statements use the same values. */
export const PAYMENT_STATUSES = ['PENDING', 'FAILED', 'SETTLED', 'DRAFT'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** Statement status; the spec writes them in lower case in prose, we keep the enum spelling. */
export const STATEMENT_STATUSES = ['DRAFT', 'PENDING', 'FAILED', 'SETTLED'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
export const StatementStatusSchema = z.enum(STATEMENT_STATUSES);

/** Icon of a statement by status (spec 3 §4); a draft has none. */
export const STATEMENT_STATUS_ICONS = ['clock', 'warning', 'tick'] as const;
export type StatementStatusIcon = (typeof STATEMENT_STATUS_ICONS)[number];
export const StatementStatusIconSchema = z.enum(STATEMENT_STATUS_ICONS);

export const TRANSACTION_STATUSES = ['PENDING', 'POSTED', 'FAILED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES);

export const TRANSACTION_GROUPS = ['INVOICE', 'PAYMENT'] as const;
export type TransactionGroup = (typeof TRANSACTION_GROUPS)[number];
export const TransactionGroupSchema = z.enum(TRANSACTION_GROUPS);

/** Ledger transaction / statement line item types. */
export const TRANSACTION_TYPES = [
  'INVOICE',
  'CREDIT_NOTE',
  'DEBIT_JOURNAL',
  'CREDIT_JOURNAL',
  'PAYMENT',
  'PAYMENT_REVERSAL',
  'REFUND',
  'REFUND_REVERSAL',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);

/** Source of a line item: direct-debit provider, card provider, or a mid-term adjustment. */
export const TRANSACTION_SUB_TYPES = ['GOCARDLESS', 'STRIPE', 'MTA'] as const;
export type TransactionSubType = (typeof TRANSACTION_SUB_TYPES)[number];
export const TransactionSubTypeSchema = z.enum(TRANSACTION_SUB_TYPES);

/** Status of a payment-method agreement (card or direct-debit mandate). */
export const AGREEMENT_STATUSES = ['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const AgreementStatusSchema = z.enum(AGREEMENT_STATUSES);

export const PAYMENT_METHOD_TYPES = ['CARD', 'BACS_DEBIT'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const PaymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES);

/** Methods offered on the checkout page; DUAL = direct debit plus a card deposit. */
export const CHECKOUT_METHODS = ['CARD', 'DIRECT_DEBIT', 'DUAL'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
export const CheckoutMethodSchema = z.enum(CHECKOUT_METHODS);

export const CHECKOUT_ACTIONS = ['PAY', 'BIND', 'SETUP'] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];
export const CheckoutActionSchema = z.enum(CHECKOUT_ACTIONS);

export const PAYMENT_SCHEDULE_TYPES = ['MONTHLY', 'SINGLE_PAYMENT'] as const;
export type PaymentScheduleType = (typeof PAYMENT_SCHEDULE_TYPES)[number];
export const PaymentScheduleTypeSchema = z.enum(PAYMENT_SCHEDULE_TYPES);

/** States shown for an account setting / account summary (spec 1 §4). */
export const ACCOUNT_SETTING_STATES = ['ACTIVE', 'SETTLED', 'PENDING'] as const;
export type AccountSettingState = (typeof ACCOUNT_SETTING_STATES)[number];
export const AccountSettingStateSchema = z.enum(ACCOUNT_SETTING_STATES);
