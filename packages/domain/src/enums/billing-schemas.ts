import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  AGREEMENT_STATUSES,
  CHECKOUT_METHODS,
  PAYMENT_METHOD_TYPES,
  PAYMENT_SCHEDULE_TYPES,
  STATEMENT_STATUSES,
  TRANSACTION_GROUPS,
  TRANSACTION_STATUSES,
  TRANSACTION_SUB_TYPES,
  TRANSACTION_TYPES,
} from './billing';

// The schemas of ./billing.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES);
export const StatementStatusSchema = z.enum(STATEMENT_STATUSES);
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const TransactionGroupSchema = z.enum(TRANSACTION_GROUPS);
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);
export const TransactionSubTypeSchema = z.enum(TRANSACTION_SUB_TYPES);
export const AgreementStatusSchema = z.enum(AGREEMENT_STATUSES);
export const PaymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES);
export const CheckoutMethodSchema = z.enum(CHECKOUT_METHODS);
export const PaymentScheduleTypeSchema = z.enum(PAYMENT_SCHEDULE_TYPES);
