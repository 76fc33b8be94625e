import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { AgreedDocument, ProposalAgreements, ProposalResponse } from '@motor/contract';
import type { Db } from '../../db/client';
import { proposalAgreements } from './tables';
import { AppError } from '../../errors';
import { findActorUserId, type Principal } from '../identity';
import { getSchemeFacts } from '../disclosure';
import type { ProposalRow } from '../proposal';
import { findRow } from '../../db/rows';

// The summary's agreements (spec 2 §2 "Check your quote", issue 13): the customer ticks every
// box of the product's checkoutChecklist; we record which boxes, the documents (type, wording
// version, insurer) of the quote they agreed to, a digest of that quote, and when. Checkout and
// bind refuse a quote whose latest acceptance does not cover every box, was given for other
// documents (a cover added since brings its own) or for another quote: one re-rated or answered
// differently since (issue 31 item 2, decision 034).

export const AGREEMENTS_INCOMPLETE_MESSAGE =
  'Tick every box to confirm you agree before you continue.';
export const AGREEMENTS_UNKNOWN_MESSAGE = 'That is not one of the agreements of this quote.';
export const AGREEMENTS_REQUIRED_MESSAGE =
  'Check your quote and accept the agreements on the summary page before you pay.';
export const AGREEMENTS_OUTDATED_MESSAGE =
  'Your quote has changed since you accepted the agreements. Check your quote and accept them ' +
  'again on the summary page before you pay.';

type Quote = ProposalResponse['quote'];

/** The documents shown with this quote: the product's, those of each cover added, static ones. */
function getQuoteDocuments(schemeCode: string, quote: Quote): AgreedDocument[] {
  const facts = getSchemeFacts(schemeCode);
  const coverDocuments = quote.covers
    .filter((cover) => cover.active)
    .flatMap((cover) => facts.quoteDocuments.covers[cover.code] ?? []);
  const types = [
    ...new Set([
      ...facts.quoteDocuments.product,
      ...coverDocuments,
      ...facts.quoteDocuments.static,
    ]),
  ];
  const wordingVersion = quote.wordingVersion ?? facts.wordingVersion;
  const insurer = quote.mainInsurer ?? facts.mainInsurer;
  return types.map((type) => ({ type, wordingVersion, insurer }));
}

/** JSON with object keys sorted, so a stored (jsonb) and a fresh quote digest alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/**
 * What the customer agreed to: the quote's answers, covers, excess and price and the proposal's
 * dates. `ratedAt` is left out: rating the same answers again is the same quote; anything else
 * that moves (an answer, a cover, the excess, the schedule, the start date, a promotion) is not.
 * The revision is not used: it also moves on writes that change nothing agreed (auto-renewal,
 * tracking), see decision 015.
 */
function digestQuote(row: ProposalRow, quote: Quote): string {
  const { ratedAt: _ratedAt, ...agreed } = quote;
  const dates = {
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
  };
  return createHash('sha256')
    .update(canonicalJson({ ...dates, quote: agreed }))
    .digest('base64url');
}

const documentKey = (document: AgreedDocument) =>
  `${document.type}|${document.wordingVersion}|${document.insurer}`;

type AgreementRow = typeof proposalAgreements.$inferSelect;

function toResponse(row: AgreementRow): ProposalAgreements {
  return {
    proposalCode: row.proposalCode,
    accepted: row.checklistKeys,
    documents: row.documents,
    acceptedAt: row.acceptedAt.toISOString(),
  };
}

/** The latest acceptance recorded for a proposal, or null. */
async function findLatestAgreements(db: Db, proposalCode: string): Promise<AgreementRow | null> {
  return findRow(
    db,
    proposalAgreements,
    eq(proposalAgreements.proposalCode, proposalCode),
    desc(proposalAgreements.acceptedAt),
    desc(proposalAgreements.proposalRevision),
  );
}

/**
 * Records the customer's acceptance of the summary's agreements for the quote as it is now.
 * 400 when a box is missing or unknown (nothing is recorded); the caller checks the status.
 */
export async function acceptAgreements(
  db: Db,
  options: {
    row: ProposalRow;
    quote: Quote;
    principal: Principal;
    accepted: readonly string[];
    now: Date;
  },
): Promise<ProposalAgreements> {
  const { row } = options;
  const required = getSchemeFacts(row.schemeCode).checkoutChecklist;
  const accepted = [...new Set(options.accepted)];
  const unknown = accepted.filter((key) => !required.includes(key));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', AGREEMENTS_UNKNOWN_MESSAGE, {
      fields: unknown.map((key) => ({
        in: 'body',
        path: 'accepted',
        message: `${AGREEMENTS_UNKNOWN_MESSAGE} (${key})`,
      })),
    });
  }
  const missing = required.filter((key) => !accepted.includes(key));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', AGREEMENTS_INCOMPLETE_MESSAGE, {
      missing,
      fields: [{ in: 'body', path: 'accepted', message: AGREEMENTS_INCOMPLETE_MESSAGE }],
    });
  }
  const [inserted] = await db
    .insert(proposalAgreements)
    .values({
      proposalCode: row.proposalCode,
      acceptedBy: findActorUserId(options.principal) ?? row.ownerUserId,
      checklistKeys: required.filter((key) => accepted.includes(key)),
      documents: getQuoteDocuments(row.schemeCode, options.quote),
      proposalRevision: row.revision,
      quoteDigest: digestQuote(row, options.quote),
      acceptedAt: options.now,
    })
    .returning();
  return toResponse(inserted!);
}

/**
 * 409 unless the latest acceptance covers every box of the checklist and the documents of the
 * quote as it is now (same types, wording version and insurer), and was given for this quote (its
 * digest): after a re-rating the customer is asked again, with its own message.
 */
export async function assertAgreementsAccepted(
  db: Db,
  options: { row: ProposalRow; quote: Quote },
): Promise<void> {
  const { row } = options;
  const latest = await findLatestAgreements(db, row.proposalCode);
  const required = getSchemeFacts(row.schemeCode).checkoutChecklist;
  const missing = required.filter((key) => !latest?.checklistKeys.includes(key));
  const agreed = new Set((latest?.documents ?? []).map(documentKey));
  const unagreedDocuments = getQuoteDocuments(row.schemeCode, options.quote)
    .filter((document) => !agreed.has(documentKey(document)))
    .map((document) => document.type);
  if (missing.length > 0 || unagreedDocuments.length > 0) {
    throw new AppError('CONFLICT', AGREEMENTS_REQUIRED_MESSAGE, {
      reason: 'AGREEMENTS_REQUIRED',
      missing,
      unagreedDocuments,
    });
  }
  if (latest?.quoteDigest !== digestQuote(row, options.quote)) {
    // The same reason: the page takes the customer back to the summary to agree again.
    throw new AppError('CONFLICT', AGREEMENTS_OUTDATED_MESSAGE, {
      reason: 'AGREEMENTS_REQUIRED',
      quoteChanged: true,
    });
  }
}
