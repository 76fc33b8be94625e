import { z } from 'zod';
import {
  StatementStatusSchema,
  TransactionGroupSchema,
  TransactionStatusSchema,
  TransactionSubTypeSchema,
  TransactionTypeSchema,
} from '../enums/billing-schemas';
import { IsoInstantSchema, PenceSchema } from './common';

export const TransactionSchema = z.object({
  type: TransactionTypeSchema,
  subType: TransactionSubTypeSchema.nullish(),
  group: TransactionGroupSchema,
  status: TransactionStatusSchema,
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** One line of a statement. */
export const LineItemSchema = z.object({
  type: TransactionTypeSchema,
  subType: TransactionSubTypeSchema.nullish(),
  status: TransactionStatusSchema,
  amount: PenceSchema,
  descriptionKey: z.string(),
  descriptionValue: z.string().nullish(),
  servicePeriodStart: IsoInstantSchema.nullish(),
  servicePeriodEnd: IsoInstantSchema.nullish(),
  paymentMethodDescription: z.string().nullish(),
  effectiveAt: IsoInstantSchema,
});
export type LineItem = z.infer<typeof LineItemSchema>;

export const StatementSummarySchema = z.object({
  statementNumber: z.string().min(1),
  createdAt: IsoInstantSchema,
  status: StatementStatusSchema,
  statementBalance: PenceSchema,
  subtotalBalance: PenceSchema,
  broughtForwardBalance: PenceSchema,
  carriedForwardBalance: PenceSchema,
  amountOutstanding: PenceSchema,
  paymentDueAt: IsoInstantSchema.nullish(),
  final: z.boolean(),
});
export type StatementSummary = z.infer<typeof StatementSummarySchema>;

export const StatementSchema = z.object({
  statementSummary: StatementSummarySchema,
  lineItems: z.array(LineItemSchema),
});
export type Statement = z.infer<typeof StatementSchema>;
