// The policy's documents tab (spec 3 §2): each version's documents, opened in a new tab.
export { PolicyDocuments } from './policy-documents';
