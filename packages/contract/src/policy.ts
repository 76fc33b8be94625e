import { z } from 'zod';
import { PaymentMethodTypeSchema, PolicySchema, PolicyStatusSchema } from '@motor/domain';

// Binding and policies (spec 1 §3 Policy, spec 2 §7 bindProposal, spec 3 §7 getPolicy/getPolicies).

export const BindProposalRequestSchema = z
  .object({ paymentMethodType: PaymentMethodTypeSchema.optional() })
  .meta({ id: 'BindProposalRequest' });
export type BindProposalRequest = z.infer<typeof BindProposalRequestSchema>;

export const BindProposalResponseSchema = z
  .object({ policyId: z.string(), policyNumber: z.string(), status: PolicyStatusSchema })
  .meta({ id: 'BindProposalResult' });
export type BindProposalResponse = z.infer<typeof BindProposalResponseSchema>;

export const PolicyResponseSchema = PolicySchema.extend({
  /** The proposal this term was bound from. */
  proposalCode: z.string(),
}).meta({ id: 'Policy' });
export type PolicyResponse = z.infer<typeof PolicyResponseSchema>;

export const PolicyListResponseSchema = z.array(PolicyResponseSchema);

export const ListPoliciesQuerySchema = z.object({
  schemeCode: z.string().min(1).max(60).optional(),
});

export const PolicyIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
