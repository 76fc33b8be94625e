import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './billing';
import * as s from './billing-schemas';

const cases: EnumCase[] = [
  ['account status', e.ACCOUNT_STATUSES, s.AccountStatusSchema, ['ACTIVE', 'SUSPENDED']],
  ['payment status', e.PAYMENT_STATUSES, null, ['PENDING', 'FAILED', 'SETTLED', 'DRAFT']],
  [
    'statement status',
    e.STATEMENT_STATUSES,
    s.StatementStatusSchema,
    ['DRAFT', 'PENDING', 'FAILED', 'SETTLED'],
  ],
  ['statement status icon', e.STATEMENT_STATUS_ICONS, null, ['clock', 'warning', 'tick']],
  [
    'transaction status',
    e.TRANSACTION_STATUSES,
    s.TransactionStatusSchema,
    ['PENDING', 'POSTED', 'FAILED'],
  ],
  ['transaction group', e.TRANSACTION_GROUPS, s.TransactionGroupSchema, ['INVOICE', 'PAYMENT']],
  [
    'transaction type',
    e.TRANSACTION_TYPES,
    s.TransactionTypeSchema,
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
    s.TransactionSubTypeSchema,
    ['GOCARDLESS', 'STRIPE', 'MTA'],
  ],
  [
    'agreement status',
    e.AGREEMENT_STATUSES,
    s.AgreementStatusSchema,
    ['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED'],
  ],
  [
    'payment method type',
    e.PAYMENT_METHOD_TYPES,
    s.PaymentMethodTypeSchema,
    ['CARD', 'BACS_DEBIT'],
  ],
  ['checkout method', e.CHECKOUT_METHODS, s.CheckoutMethodSchema, ['CARD', 'DIRECT_DEBIT', 'DUAL']],
  ['checkout action', e.CHECKOUT_ACTIONS, null, ['PAY', 'BIND', 'SETUP']],
  [
    'payment schedule type',
    e.PAYMENT_SCHEDULE_TYPES,
    s.PaymentScheduleTypeSchema,
    ['MONTHLY', 'SINGLE_PAYMENT'],
  ],
  ['account setting state', e.ACCOUNT_SETTING_STATES, null, ['ACTIVE', 'SETTLED', 'PENDING']],
];

describeEnumerations('billing enumerations', cases);
