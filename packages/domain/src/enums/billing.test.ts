import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './billing';

const cases: EnumCase[] = [
  ['account status', e.ACCOUNT_STATUSES, e.AccountStatusSchema, ['ACTIVE', 'SUSPENDED']],
  [
    'payment status',
    e.PAYMENT_STATUSES,
    e.PaymentStatusSchema,
    ['PENDING', 'FAILED', 'SETTLED', 'DRAFT'],
  ],
  [
    'statement status',
    e.STATEMENT_STATUSES,
    e.StatementStatusSchema,
    ['DRAFT', 'PENDING', 'FAILED', 'SETTLED'],
  ],
  [
    'statement status icon',
    e.STATEMENT_STATUS_ICONS,
    e.StatementStatusIconSchema,
    ['clock', 'warning', 'tick'],
  ],
  [
    'transaction status',
    e.TRANSACTION_STATUSES,
    e.TransactionStatusSchema,
    ['PENDING', 'POSTED', 'FAILED'],
  ],
  ['transaction group', e.TRANSACTION_GROUPS, e.TransactionGroupSchema, ['INVOICE', 'PAYMENT']],
  [
    'transaction type',
    e.TRANSACTION_TYPES,
    e.TransactionTypeSchema,
    [
      'INVOICE',
      'CREDIT_NOTE',
      'DEBIT_JOURNAL',
      'CREDIT_JOURNAL',
      'PAYMENT',
      'PAYMENT_REVERSAL',
      'REFUND',
      'REFUND_REVERSAL',
    ],
  ],
  [
    'transaction sub type',
    e.TRANSACTION_SUB_TYPES,
    e.TransactionSubTypeSchema,
    ['GOCARDLESS', 'STRIPE', 'MTA'],
  ],
  [
    'agreement status',
    e.AGREEMENT_STATUSES,
    e.AgreementStatusSchema,
    ['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED'],
  ],
  [
    'payment method type',
    e.PAYMENT_METHOD_TYPES,
    e.PaymentMethodTypeSchema,
    ['CARD', 'BACS_DEBIT'],
  ],
  ['checkout method', e.CHECKOUT_METHODS, e.CheckoutMethodSchema, ['CARD', 'DIRECT_DEBIT', 'DUAL']],
  ['checkout action', e.CHECKOUT_ACTIONS, e.CheckoutActionSchema, ['PAY', 'BIND', 'SETUP']],
  [
    'payment schedule type',
    e.PAYMENT_SCHEDULE_TYPES,
    e.PaymentScheduleTypeSchema,
    ['MONTHLY', 'SINGLE_PAYMENT'],
  ],
  [
    'account setting state',
    e.ACCOUNT_SETTING_STATES,
    e.AccountSettingStateSchema,
    ['ACTIVE', 'SETTLED', 'PENDING'],
  ],
];

describeEnumerations('billing enumerations', cases);
