/** Claim status; spec 3 §3 writes "active, settled, pending" in prose, stored upper case. */
export const CLAIM_STATUSES = ['ACTIVE', 'SETTLED', 'PENDING'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
