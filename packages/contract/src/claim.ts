import { z } from 'zod';
import { ClaimSchema, ClaimStatusSchema, ClaimTypeSchema, IsoDateSchema } from '@motor/domain';
import { ReturnPathSchema } from './payment';

// Claims and the online claim (spec 3 §3 "Claim", §7 getClaims and createFnolLink).

export const ClaimResponseSchema = ClaimSchema.meta({ id: 'Claim' });
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;

export const ClaimListResponseSchema = z.array(ClaimResponseSchema);
export type ClaimListResponse = z.infer<typeof ClaimListResponseSchema>;

export const ListClaimsQuerySchema = z.object({ policyNumber: z.string().min(1).max(60) });

export const ClaimReferenceParamsSchema = z.object({
  claimReference: z.string().min(1).max(40),
});

/** A name as staff type it: letters, spaces and the punctuation of names. */
const InsuredNameSchema = z.string().trim().min(1).max(120);

/** What staff say of a claim: its type, status, insured and date of incident. */
const ClaimFieldsSchema = z.object({
  claimType: ClaimTypeSchema,
  status: ClaimStatusSchema,
  insuredName: InsuredNameSchema,
  occurredDate: IsoDateSchema,
});

/** POST /api/claims (staff with action:mta-claims): a claim added to a policy. */
export const CreateClaimRequestSchema = z
  .object({ policyNumber: z.string().min(1).max(60), ...ClaimFieldsSchema.shape })
  .meta({ id: 'CreateClaimRequest' });
export type CreateClaimRequest = z.infer<typeof CreateClaimRequestSchema>;

/** PATCH /api/claims/{claimReference} (staff with action:mta-claims): the fields to correct. */
export const UpdateClaimRequestSchema = ClaimFieldsSchema.partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field to change',
  })
  .meta({ id: 'UpdateClaimRequest' });
export type UpdateClaimRequest = z.infer<typeof UpdateClaimRequestSchema>;

/** POST /api/fnol/link (spec 3 §7 createFnolLink). */
export const FnolLinkRequestSchema = z
  .object({
    policyId: z.string().min(1).max(100),
    /** Where the claim page sends the customer back to: a path on this site. */
    callbackUrl: ReturnPathSchema,
    /** The privacy notice the claim page links to: a path on this site. */
    privacyPolicyUrl: ReturnPathSchema,
    /** The brand's claims line, shown on the claim page. */
    telephone: z.string().trim().min(1).max(40),
    /** The brand's claims e-mail, shown on the claim page. */
    email: z.email().max(200),
  })
  .meta({ id: 'FnolLinkRequest' });
export type FnolLinkRequest = z.infer<typeof FnolLinkRequestSchema>;

export const FnolLinkResponseSchema = z
  .object({ url: z.string().describe('The online claim page: navigate the browser there') })
  .meta({ id: 'FnolLink' });
export type FnolLinkResponse = z.infer<typeof FnolLinkResponseSchema>;
