// The document module's public face: product documents (IPID, wording, ...) and the job that
// issues a new policy's certificate, schedule and confirmation e-mail.
export { buildProductDocument } from './product-documents';
export { enqueuePolicyDocuments } from './jobs';
export { deletePolicyDocumentFiles, listPolicyDocumentFiles } from './service';
export { claimOnceKey, listClaimedKeys } from './keys';
