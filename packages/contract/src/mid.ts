import { z } from 'zod';

// The Motor Insurance Database (issue 35 item 1): each policy's status there, for the customer's
// policy page and the staff console, and the policies not on it past the product's target time.

/**
 * PENDING: the MID does not hold what it should yet (adding, or an update on its way); FAILED:
 * the last submission failed and the job tries again; ON_MID: the MID holds the car and cover
 * dates in force; REMOVED: the cover ended and the MID no longer holds the car.
 */
export const MidStatusSchema = z.enum(['PENDING', 'ON_MID', 'REMOVED', 'FAILED']);
export type MidStatus = z.infer<typeof MidStatusSchema>;

/** GET /api/policies/{id}/mid: what the MID holds for the caller's policy. */
export const PolicyMidResponseSchema = z
  .object({
    status: MidStatusSchema,
    /** The registration the MID holds (or is being sent), as stored: upper case, no spaces. */
    registration: z.string().nullable(),
    /** When the MID last confirmed what it holds. */
    confirmedAt: z.string().nullable(),
  })
  .meta({ id: 'PolicyMid' });
export type PolicyMidResponse = z.infer<typeof PolicyMidResponseSchema>;

/** A policy's MID status as the staff customer page shows it. */
export const StaffMidStatusSchema = z.object({
  status: MidStatusSchema,
  registration: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  lastSubmittedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  dueBy: z.string().nullable(),
});

/** GET /api/admin/mid: policies the MID should hold by now and does not, the latest first due. */
export const MidOverdueResponseSchema = z
  .object({
    policies: z.array(
      StaffMidStatusSchema.extend({
        policyId: z.string(),
        policyNumber: z.string(),
        schemeCode: z.string(),
        customerUserId: z.string(),
        /** ADD: the car is not on the MID at all; UPDATE: it is, with details no longer right. */
        awaiting: z.enum(['ADD', 'UPDATE']),
      }),
    ),
  })
  .meta({ id: 'MidOverdue' });
export type MidOverdueResponse = z.infer<typeof MidOverdueResponseSchema>;
