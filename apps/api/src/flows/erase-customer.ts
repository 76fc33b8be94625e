import { eq, inArray, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../app-types';
import { claims } from '../modules/claim/tables';
import { oidcPayloads, oneTimeCodes, rateLimitCounters, users } from '../modules/identity/tables';
import { insightFeedback } from '../modules/insight/tables';
import { notificationOutbox } from '../modules/notification/tables';
import { collections, paymentMethods } from '../modules/payment/tables';
import { ratingRecords } from '../modules/proposal/tables';
import { uploadCommits, uploads } from '../modules/upload/tables';
import { AppError } from '../errors';
import { recordAudit } from '../modules/care';
import { deletePolicyDocumentFiles } from '../modules/document';
import { eraseAnalyticsEvents } from '../modules/insight';
import { eraseVersionQuotes } from '../modules/policy';
import { replaceErasedAnswers } from '../modules/proposal';
import { anonymiseJson, ERASED, inListOrNone, loadCustomerRecords } from './customer-data';

// Staff erase a customer (UK GDPR Article 17), issue 21 item 14, decision 018. In one
// transaction: the personal data goes (names, e-mail, phone, dates of birth, addresses, in the
// account and in every stored answer, quote, rating and policy version; one-time codes; sign-in
// sessions, grants and refresh tokens; messages' recipients and bodies; masked card and bank
// details; feedback comments); the records the law makes the insurer keep stay, with their
// amounts, dates and numbers (policies, versions, events, customer accounts, the ledger,
// collections, the audit log). The account is disabled: it signs in no more, its tokens are
// refused. Idempotent: erasing again changes nothing more and answers the same.

/** Policies the insurer must keep in force: a customer with one is not erased. */
const LIVE_POLICY_STATUSES = ['ACTIVE', 'PENDING'] as const;

/** The 409 for a customer with a live policy, naming it. */
function livePolicyMessage(policyNumbers: string[]): string {
  return (
    `This customer has a live policy (${policyNumbers.join(', ')}), which the insurer must ` +
    'keep: cancel it or let it end, then erase the customer.'
  );
}
const CUSTOMER_NOT_FOUND_MESSAGE = 'We could not find that customer.';
const STAFF_NOT_ERASED_MESSAGE = 'This is a staff account: remove its roles before erasing it.';

type ErasureResult = {
  userId: string;
  erasedAt: string;
  /** True when the customer had been erased before this request. */
  wasAlreadyErased: boolean;
};

export async function eraseCustomer(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'providers'>,
  options: { userId: string; actorUserId: string },
): Promise<ErasureResult> {
  const { userId, actorUserId } = options;
  const now = deps.clock.now();
  const uploadKeys: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    // Locks the account row: two erasures (or an erasure and a sign-in) queue.
    const [locked] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(eq(users.userId, userId))
      .for('update');
    const records = await loadCustomerRecords(tx, userId);
    const { user } = records;
    if (!locked || !user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND_MESSAGE);
    if (user.roles.length > 0) throw new AppError('CONFLICT', STAFF_NOT_ERASED_MESSAGE);
    const live = records.policies.filter((policy) =>
      (LIVE_POLICY_STATUSES as readonly string[]).includes(policy.status),
    );
    if (live.length > 0) {
      throw new AppError('CONFLICT', livePolicyMessage(live.map((policy) => policy.policyNumber)));
    }

    await tx
      .update(users)
      .set({
        username: ERASED,
        email: null,
        phone: null,
        phoneVerifiedAt: null,
        firstName: null,
        lastName: null,
        marketingPreferences: { email: false, phone: false, sms: false },
        permissions: [],
        disabledAt: user.disabledAt ?? now,
        erasedAt: user.erasedAt ?? now,
        updatedAt: now,
      })
      .where(eq(users.userId, userId));

    // Stored answers, quotes and ratings keep their shape, the personal values become 'erased'.
    for (const proposal of records.proposals) {
      await replaceErasedAnswers(tx, {
        proposalCode: proposal.proposalCode,
        data: anonymiseJson(proposal.data),
        quote: proposal.quote ? anonymiseJson(proposal.quote) : null,
      });
    }
    const proposalCodes = records.proposals.map((row) => row.proposalCode);
    if (proposalCodes.length > 0) {
      const ratings = await tx
        .select({
          id: ratingRecords.id,
          inputs: ratingRecords.inputs,
          result: ratingRecords.result,
        })
        .from(ratingRecords)
        .where(inArray(ratingRecords.proposalCode, proposalCodes));
      for (const rating of ratings) {
        await tx
          .update(ratingRecords)
          .set({ inputs: anonymiseJson(rating.inputs), result: anonymiseJson(rating.result) })
          .where(eq(ratingRecords.id, rating.id));
      }
    }
    // Versions are never edited, except here: the contract's terms stay, the person goes.
    const policyIds = records.policies.map((row) => row.policyId);
    if (policyIds.length > 0) {
      await eraseVersionQuotes(tx, { policyIds, anonymise: anonymiseJson });
      // Claims keep their type, status, date and reference; the insured and the story go.
      await tx
        .update(claims)
        .set({ insuredName: ERASED, description: null, updatedAt: now })
        .where(inArray(claims.policyId, policyIds));
      // Uploaded proof (letters naming the person): the records keep type, size and dates;
      // the names and comments go, and the files are deleted after the commit.
      uploadKeys.push(
        ...(
          await tx
            .select({ storageKey: uploads.storageKey })
            .from(uploads)
            .where(inArray(uploads.policyId, policyIds))
        ).map((row) => row.storageKey),
      );
      await tx
        .update(uploads)
        .set({ fileName: ERASED })
        .where(inArray(uploads.policyId, policyIds));
      await tx
        .update(uploadCommits)
        .set({ comment: null })
        .where(inArray(uploadCommits.policyId, policyIds));
    }

    const contacts = records.contacts;
    const toContacts = inListOrNone(notificationOutbox.recipient, contacts);
    if (toContacts) {
      await tx
        .update(notificationOutbox)
        .set({ recipient: ERASED, body: ERASED })
        .where(toContacts);
    }
    const codes = inListOrNone(oneTimeCodes.recipient, contacts);
    if (codes) await tx.delete(oneTimeCodes).where(codes);
    for (const contact of contacts) {
      // Counters are keyed by what and who (`otp:address:email:<address>`).
      await tx
        .delete(rateLimitCounters)
        .where(sql`strpos(${rateLimitCounters.key}, ${contact}) > 0`);
    }
    // Sessions, grants, codes and refresh tokens of the embedded provider: sign-in ends.
    await tx
      .delete(oidcPayloads)
      .where(
        sql`${oidcPayloads.payload} ->> 'accountId' = ${userId} or ${oidcPayloads.grantId} in (select ${oidcPayloads.id} from ${oidcPayloads} where ${oidcPayloads.kind} = 'Grant' and ${oidcPayloads.payload} ->> 'accountId' = ${userId})`,
      );
    // The provider keeps the card or mandate itself; our masked copy of it goes.
    await tx
      .update(paymentMethods)
      .set({ bankName: null, accountNumberEnding: null, cardLast4: null, updatedAt: now })
      .where(eq(paymentMethods.ownerUserId, userId));
    // The payments stay (the books), without the card they came from.
    await tx
      .update(collections)
      .set({ cardLast4: null })
      .where(eq(collections.ownerUserId, userId));
    await tx
      .update(insightFeedback)
      .set({ comment: null })
      .where(eq(insightFeedback.ownerUserId, userId));
    // What their pages recorded with their consent (our copy: PostHog's is erased in PostHog).
    await eraseAnalyticsEvents(tx, { userId, proposalCodes, policyIds });

    await recordAudit(tx, {
      actorUserId,
      subjectUserId: userId,
      action: 'gdpr.erase',
      target: `user:${userId}`,
      at: now,
    });
    return {
      erasedAt: (user.erasedAt ?? now).toISOString(),
      wasAlreadyErased: user.erasedAt !== null,
      policyIds,
    };
  });
  // After the commit: the stored certificate and schedule print the name and address, and the
  // uploaded files are the person's own papers.
  for (const policyId of result.policyIds) await deletePolicyDocumentFiles(deps, policyId);
  for (const key of uploadKeys) await deps.providers.storage.delete(key);
  return { userId, erasedAt: result.erasedAt, wasAlreadyErased: result.wasAlreadyErased };
}
