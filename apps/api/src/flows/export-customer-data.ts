import type { ServiceDeps } from '../app-types';
import { exportCustomerAccounts } from '../modules/billing';
import { exportAuditEntries } from '../modules/audit';
import { exportClaims } from '../modules/claim';
import { listPolicyDocumentFiles } from '../modules/document';
import { exportAccount } from '../modules/identity';
import { exportFeedback } from '../modules/insight';
import { exportMessages } from '../modules/notification';
import { exportPayments } from '../modules/payment';
import { exportPolicyHistory, exportProposalAgreements } from '../modules/policy';
import { exportRatingRecords } from '../modules/proposal';
import { exportUploads } from '../modules/upload';
import { loadCustomerRecords } from './customer-data';

// A customer's copy of every record we hold about them (UK GDPR Article 15 and 20: access and
// portability), as one machine-readable JSON document. Issue 21 item 14, decision 018.

const DATA_EXPORT_FORMAT = 'motor-insurance-customer-data';
const DATA_EXPORT_VERSION = 1;

/** Rows as stored, keyed by what they are; instants become ISO strings when serialised. */
export type CustomerDataExport = {
  format: typeof DATA_EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  userId: string;
  account: Record<string, unknown> | null;
  marketingPreferences: Record<string, unknown> | null;
  proposals: Record<string, unknown>[];
  policies: Record<string, unknown>[];
  customerAccounts: Record<string, unknown>[];
  payments: {
    paymentMethods: Record<string, unknown>[];
    paymentSessions: Record<string, unknown>[];
    collections: Record<string, unknown>[];
  };
  feedback: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  auditEntries: Record<string, unknown>[];
};

/** The rows of `rows` whose `key` is `value`: one record's part of a list read for all. */
function rowsOf<Row, Key extends keyof Row>(rows: Row[], key: Key, value: Row[Key]): Row[] {
  return rows.filter((row) => row[key] === value);
}

/**
 * Everything about `userId`, read in one go (one transaction): each module's part, from its own
 * tables, then nested under the proposal or policy it belongs to.
 */
export async function exportCustomerData(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'providers'>,
  userId: string,
): Promise<CustomerDataExport> {
  const exportedAt = deps.clock.now().toISOString();
  const read = await deps.db.transaction(async (db) => {
    const records = await loadCustomerRecords(db, userId);
    const { proposalCodes, policyIds } = records;
    return {
      records,
      agreements: await exportProposalAgreements(db, proposalCodes),
      ratings: await exportRatingRecords(db, proposalCodes),
      history: await exportPolicyHistory(db, policyIds),
      claims: await exportClaims(db, policyIds),
      uploads: await exportUploads(db, policyIds),
      customerAccounts: await exportCustomerAccounts(db, userId),
      payments: await exportPayments(db, { userId, proposalCodes }),
      feedback: await exportFeedback(db, userId),
      messages: await exportMessages(db, records.contacts),
      auditEntries: await exportAuditEntries(db, userId),
    };
  });

  const { records, history, uploads } = read;
  const policies = await Promise.all(
    records.policies.map(async (policy) => ({
      ...policy,
      versions: rowsOf(history.versions, 'policyId', policy.policyId),
      events: rowsOf(history.events, 'policyId', policy.policyId),
      claims: rowsOf(read.claims, 'policyId', policy.policyId),
      uploads: rowsOf(uploads.uploads, 'policyId', policy.policyId),
      uploadCommits: rowsOf(uploads.uploadCommits, 'policyId', policy.policyId),
      documents: await listPolicyDocumentFiles(deps, policy),
    })),
  );
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exportedAt,
    userId,
    ...exportAccount(records.user),
    proposals: records.proposals.map((proposal) => ({
      ...proposal,
      agreements: rowsOf(read.agreements, 'proposalCode', proposal.proposalCode),
      ratings: rowsOf(read.ratings, 'proposalCode', proposal.proposalCode),
    })),
    policies,
    customerAccounts: read.customerAccounts,
    payments: read.payments,
    feedback: read.feedback,
    messages: read.messages,
    auditEntries: read.auditEntries,
  };
}
