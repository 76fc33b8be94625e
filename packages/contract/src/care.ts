import { z } from 'zod';
import { PenceSchema } from '@motor/domain';
import { StaffMidStatusSchema } from './mid';
import { ListLimitSchema } from './list-limit';

// The staff console (issue 18 items 1 and 2): finding a customer, what we hold about them, and
// the audit trail of staff actions.

/** A customer's policy as staff see it named beside the customer (care's record, the chat). */
export const StaffPolicyReferenceSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  schemeCode: z.string(),
  status: z.string(),
});

/** GET /api/admin/customers?q= */
export const CustomerSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(100).describe('Part of a name, e-mail, phone, reference...'),
});

const CustomerSearchResultSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  policyNumbers: z.array(z.string()),
  /** Which fields matched: name, email, phone, reference, policy-number, registration. */
  matchedFields: z.array(z.string()),
});

export const CustomerSearchResponseSchema = z
  .object({ results: z.array(CustomerSearchResultSchema).max(20) })
  .meta({ id: 'CustomerSearch' });
export type CustomerSearchResponse = z.infer<typeof CustomerSearchResponseSchema>;

export const CustomerParamsSchema = z.object({ userId: z.string().min(1).max(200) });

const AuditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    action: z.string(),
    target: z.string(),
    actorUserId: z.string(),
    actorName: z.string().nullable(),
    actorEmail: z.string().nullable(),
    subjectUserId: z.string().nullable(),
    subjectName: z.string().nullable(),
    subjectEmail: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * Why a policy was not taken up (issue 30 item 3): its first payment failed, or it had not
 * settled (or was never made) within NTU_AFTER_DAYS.
 */
export const NotTakenUpReasonSchema = z.enum(['FIRST_PAYMENT_FAILED', 'FIRST_PAYMENT_NOT_SETTLED']);
export type NotTakenUpReason = z.infer<typeof NotTakenUpReasonSchema>;

/** When and why a policy became NTU. */
const NotTakenUpSchema = z.object({ at: z.string(), reason: NotTakenUpReasonSchema });

export const CustomerDetailResponseSchema = z
  .object({
    userId: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: z.string(),
    isDisabled: z.boolean(),
    proposals: z.array(
      z.object({
        externalReference: z.string(),
        schemeCode: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    policies: z.array(
      StaffPolicyReferenceSchema.extend({
        inceptedAt: z.string(),
        expiredAt: z.string(),
        /** Set for a policy not taken up: when, and why. */
        notTakenUp: NotTakenUpSchema.nullable().optional(),
        /** The policy's Motor Insurance Database status; null before the MID job first saw it. */
        mid: StaffMidStatusSchema.nullable().optional(),
      }),
    ),
    payments: z.array(
      z.object({
        kind: z.string(),
        amountPence: PenceSchema,
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    audit: z.array(AuditEntrySchema),
  })
  .meta({ id: 'CustomerDetail' });
export type CustomerDetailResponse = z.infer<typeof CustomerDetailResponseSchema>;

/** GET /api/admin/audit: a user id or an e-mail address for each filter. */
export const AuditQuerySchema = z.object({
  customer: z.string().trim().min(1).max(200).optional(),
  staff: z.string().trim().min(1).max(200).optional(),
  limit: ListLimitSchema,
});

export const AuditListResponseSchema = z
  .object({ entries: z.array(AuditEntrySchema) })
  .meta({ id: 'AuditList' });
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** GET /api/admin/not-taken-up: the policies not taken up, newest first. */
export const NotTakenUpPoliciesResponseSchema = z
  .object({
    policies: z.array(
      z.object({
        policyId: z.string(),
        policyNumber: z.string(),
        customerUserId: z.string(),
        customerName: z.string().nullable(),
        inceptedAt: z.string(),
        notTakenUp: NotTakenUpSchema,
      }),
    ),
  })
  .meta({ id: 'NotTakenUpPolicies' });
export type NotTakenUpPoliciesResponse = z.infer<typeof NotTakenUpPoliciesResponseSchema>;
