export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Status of a payment (spec 1 §4); statements use the same values. */
export const PAYMENT_STATUSES = ['PENDING', 'FAILED', 'SETTLED', 'DRAFT'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statement status; the spec writes them in lower case in prose, we keep the enum spelling. */
export const STATEMENT_STATUSES = ['DRAFT', 'PENDING', 'FAILED', 'SETTLED'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** Icon of a statement by status (spec 3 §4); a draft has none. */
export const STATEMENT_STATUS_ICONS = ['clock', 'warning', 'tick'] as const;
export type StatementStatusIcon = (typeof STATEMENT_STATUS_ICONS)[number];

export const TRANSACTION_STATUSES = ['PENDING', 'POSTED', 'FAILED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_GROUPS = ['INVOICE', 'PAYMENT'] as const;
export type TransactionGroup = (typeof TRANSACTION_GROUPS)[number];

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

/** Source of a line item: direct-debit provider, card provider, or a mid-term adjustment. */
export const TRANSACTION_SUB_TYPES = ['GOCARDLESS', 'STRIPE', 'MTA'] as const;
export type TransactionSubType = (typeof TRANSACTION_SUB_TYPES)[number];

/** Status of a payment-method agreement (card or direct-debit mandate). */
export const AGREEMENT_STATUSES = ['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const PAYMENT_METHOD_TYPES = ['CARD', 'BACS_DEBIT'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** Methods offered on the checkout page; DUAL = direct debit plus a card deposit. */
export const CHECKOUT_METHODS = ['CARD', 'DIRECT_DEBIT', 'DUAL'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

export const CHECKOUT_ACTIONS = ['PAY', 'BIND', 'SETUP'] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];

export const PAYMENT_SCHEDULE_TYPES = ['MONTHLY', 'SINGLE_PAYMENT'] as const;
export type PaymentScheduleType = (typeof PAYMENT_SCHEDULE_TYPES)[number];

/** States shown for an account setting / account summary (spec 1 §4). */
export const ACCOUNT_SETTING_STATES = ['ACTIVE', 'SETTLED', 'PENDING'] as const;
export type AccountSettingState = (typeof ACCOUNT_SETTING_STATES)[number];
