import { asc, eq, inArray } from 'drizzle-orm';
import type { ServiceDeps } from '../app-types';
import { customerAccounts, ledgerPostings, ledgerTransactions } from '../modules/billing/tables';
import { auditLog } from '../modules/care/tables';
import { claims } from '../modules/claim/tables';
import { insightFeedback } from '../modules/insight/tables';
import { notificationOutbox } from '../modules/notification/tables';
import { collections, paymentMethods, paymentSessions } from '../modules/payment/tables';
import { policyEvents, policyVersions, proposalAgreements } from '../modules/policy/tables';
import { ratingRecords } from '../modules/proposal/tables';
import { uploadCommits, uploads } from '../modules/upload/tables';
import { listPolicyDocumentFiles } from '../modules/document';
import { anyOf, inListOrNone, loadCustomerRecords } from './customer-data';

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

/** Everything about `userId`, read in one go (one snapshot of the tables). */
export async function exportCustomerData(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'providers'>,
  userId: string,
): Promise<CustomerDataExport> {
  const exportedAt = deps.clock.now().toISOString();
  const read = await deps.db.transaction(async (db) => {
    const records = await loadCustomerRecords(db, userId);
    const proposalCodes = records.proposals.map((row) => row.proposalCode);
    const policyIds = records.policies.map((row) => row.policyId);
    const agreements = proposalCodes.length
      ? await db
          .select()
          .from(proposalAgreements)
          .where(inArray(proposalAgreements.proposalCode, proposalCodes))
          .orderBy(asc(proposalAgreements.acceptedAt))
      : [];
    const ratings = proposalCodes.length
      ? await db
          .select()
          .from(ratingRecords)
          .where(inArray(ratingRecords.proposalCode, proposalCodes))
          .orderBy(asc(ratingRecords.ratedAt))
      : [];
    const versions = policyIds.length
      ? await db
          .select()
          .from(policyVersions)
          .where(inArray(policyVersions.policyId, policyIds))
          .orderBy(asc(policyVersions.versionNumber))
      : [];
    const events = policyIds.length
      ? await db
          .select()
          .from(policyEvents)
          .where(inArray(policyEvents.policyId, policyIds))
          .orderBy(asc(policyEvents.at))
      : [];
    const claimRows = policyIds.length
      ? await db
          .select()
          .from(claims)
          .where(inArray(claims.policyId, policyIds))
          .orderBy(asc(claims.occurredDate))
      : [];
    // What the customer uploaded (file names, sizes, types, comments); the files themselves are
    // proof letters they already hold, so the export names them rather than copying them.
    const uploadRows = policyIds.length
      ? await db
          .select({
            id: uploads.id,
            policyId: uploads.policyId,
            purpose: uploads.purpose,
            status: uploads.status,
            fileName: uploads.fileName,
            mimeType: uploads.mimeType,
            stagedAt: uploads.stagedAt,
            commitId: uploads.commitId,
          })
          .from(uploads)
          .where(inArray(uploads.policyId, policyIds))
          .orderBy(asc(uploads.stagedAt))
      : [];
    const commitRows = policyIds.length
      ? await db
          .select()
          .from(uploadCommits)
          .where(inArray(uploadCommits.policyId, policyIds))
          .orderBy(asc(uploadCommits.committedAt))
      : [];
    const accounts = await db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.ownerUserId, userId))
      .orderBy(asc(customerAccounts.createdAt));
    const accountIds = accounts.map((row) => row.accountId);
    const transactions = accountIds.length
      ? await db
          .select()
          .from(ledgerTransactions)
          .where(inArray(ledgerTransactions.accountId, accountIds))
          .orderBy(asc(ledgerTransactions.createdAt))
      : [];
    const transactionIds = transactions.map((row) => row.id);
    const postings = transactionIds.length
      ? await db
          .select()
          .from(ledgerPostings)
          .where(inArray(ledgerPostings.transactionId, transactionIds))
      : [];
    const methods = await db
      .select({
        paymentMethodId: paymentMethods.paymentMethodId,
        type: paymentMethods.type,
        status: paymentMethods.status,
        bankName: paymentMethods.bankName,
        accountNumberEnding: paymentMethods.accountNumberEnding,
        cardBrand: paymentMethods.cardBrand,
        cardLast4: paymentMethods.cardLast4,
        createdAt: paymentMethods.createdAt,
        updatedAt: paymentMethods.updatedAt,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.ownerUserId, userId))
      .orderBy(asc(paymentMethods.createdAt));
    const sessions = await db
      .select({
        sessionId: paymentSessions.sessionId,
        kind: paymentSessions.kind,
        proposalCode: paymentSessions.proposalCode,
        amountPence: paymentSessions.amountPence,
        paymentMethodType: paymentSessions.paymentMethodType,
        status: paymentSessions.status,
        createdAt: paymentSessions.createdAt,
        completedAt: paymentSessions.completedAt,
      })
      .from(paymentSessions)
      .where(eq(paymentSessions.ownerUserId, userId))
      .orderBy(asc(paymentSessions.createdAt));
    const payments = await db
      .select()
      .from(collections)
      .where(
        anyOf(
          eq(collections.ownerUserId, userId),
          inListOrNone(collections.proposalCode, proposalCodes),
        ),
      )
      .orderBy(asc(collections.createdAt));
    const feedback = await db
      .select()
      .from(insightFeedback)
      .where(eq(insightFeedback.ownerUserId, userId))
      .orderBy(asc(insightFeedback.createdAt));
    const messages = records.contacts.length
      ? await db
          .select({
            id: notificationOutbox.id,
            channel: notificationOutbox.channel,
            recipient: notificationOutbox.recipient,
            subject: notificationOutbox.subject,
            body: notificationOutbox.body,
            status: notificationOutbox.status,
            createdAt: notificationOutbox.createdAt,
            sentAt: notificationOutbox.sentAt,
          })
          .from(notificationOutbox)
          .where(inArray(notificationOutbox.recipient, records.contacts))
          .orderBy(asc(notificationOutbox.createdAt))
      : [];
    const audit = await db
      .select()
      .from(auditLog)
      .where(anyOf(eq(auditLog.subjectUserId, userId), eq(auditLog.actorUserId, userId)))
      .orderBy(asc(auditLog.at));
    return {
      records,
      agreements,
      ratings,
      versions,
      events,
      claims: claimRows,
      uploads: uploadRows,
      uploadCommits: commitRows,
      accounts,
      transactions,
      postings,
      methods,
      sessions,
      payments,
      feedback,
      messages,
      audit,
    };
  });

  const { records } = read;
  const user = records.user;
  const policiesOut = await Promise.all(
    records.policies.map(async (policy) => ({
      ...policy,
      versions: read.versions.filter((row) => row.policyId === policy.policyId),
      events: read.events.filter((row) => row.policyId === policy.policyId),
      claims: read.claims.filter((row) => row.policyId === policy.policyId),
      uploads: read.uploads.filter((row) => row.policyId === policy.policyId),
      uploadCommits: read.uploadCommits.filter((row) => row.policyId === policy.policyId),
      documents: await listPolicyDocumentFiles(deps, policy),
    })),
  );
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exportedAt,
    userId,
    // The users row holds no secret (codes and tokens live elsewhere, hashed or signed).
    account: user
      ? {
          userId: user.userId,
          connection: user.connection,
          username: user.username,
          email: user.email,
          phone: user.phone,
          phoneVerifiedAt: user.phoneVerifiedAt,
          firstName: user.firstName,
          lastName: user.lastName,
          roles: user.roles,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        }
      : null,
    marketingPreferences: user
      ? { ...user.marketingPreferences, setAt: user.marketingPreferencesSetAt }
      : null,
    proposals: records.proposals.map((proposal) => ({
      ...proposal,
      agreements: read.agreements.filter((row) => row.proposalCode === proposal.proposalCode),
      ratings: read.ratings.filter((row) => row.proposalCode === proposal.proposalCode),
    })),
    policies: policiesOut,
    customerAccounts: read.accounts.map((account) => ({
      ...account,
      transactions: read.transactions
        .filter((row) => row.accountId === account.accountId)
        .map((transaction) => ({
          ...transaction,
          postings: read.postings
            .filter((row) => row.transactionId === transaction.id)
            .map(({ ledgerAccount, amountPence }) => ({ ledgerAccount, amountPence })),
        })),
    })),
    payments: {
      paymentMethods: read.methods,
      paymentSessions: read.sessions,
      collections: read.payments,
    },
    feedback: read.feedback,
    messages: read.messages,
    auditEntries: read.audit,
  };
}
