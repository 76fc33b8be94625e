import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  sql,
} from 'drizzle-orm';
import { runStatement, type Db } from '../../db/client';
import { countRows, findRow, listRows, mapRowsByKey } from '../../db/rows';
import { proposals, ratingRecords } from './tables';

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposalRow = typeof proposals.$inferInsert;
type RatingRecordInput = Omit<typeof ratingRecords.$inferInsert, 'id' | 'proposalCode'>;

const proposalColumns = getTableColumns(proposals);

// The most frequent query (every proposal route), as SQL prepared once per connection: drizzle's
// row mapping cost more than the query. Both drivers already read timestamptz as a Date and jsonb
// as its value, so naming each column after its field gives the row as drizzle would.
function findProposalStatement(name: string, withQuote: boolean) {
  const fields = Object.entries(proposalColumns).map(([field, column]) =>
    field === 'quote' && !withQuote ? `null as "${field}"` : `"${column.name}" as "${field}"`,
  );
  return {
    name,
    text: `select ${fields.join(', ')} from proposals
      where proposal_code = $1 and deleted_at is null limit 1`,
  };
}

const FIND_PROPOSAL = findProposalStatement('find_proposal', true);
const FIND_PROPOSAL_WITHOUT_QUOTE = findProposalStatement('find_proposal_without_quote', false);

/**
 * A live proposal (not deleted) by code; ownership is the caller's check. `withQuote: false`
 * leaves out the stored quote (quote: null) for a caller about to replace it (a rated update):
 * a few KB of jsonb not read, parsed or sent.
 */
export async function findProposal(
  db: Db,
  proposalCode: string,
  options: { withQuote?: boolean } = {},
): Promise<ProposalRow | null> {
  const statement = options.withQuote === false ? FIND_PROPOSAL_WITHOUT_QUOTE : FIND_PROPOSAL;
  const [row] = await runStatement<ProposalRow>(db, { ...statement, values: [proposalCode] });
  return row ?? null;
}

/**
 * A proposal's answers, read in any transaction (findProposal's prepared statement needs the
 * database handle): the refund e-mail of a payment whose quote made no policy greets its
 * policyholder from them.
 */
export async function findProposalAnswers(
  db: Db,
  proposalCode: string,
): Promise<ProposalRow['data'] | null> {
  const row = await findRow(db, proposals, eq(proposals.proposalCode, proposalCode));
  return row?.data ?? null;
}

/**
 * Every proposal of an owner, deleted ones included, oldest first (the customer's data); two made
 * at the same instant in the order of their codes, so every reader lists them alike.
 */
export async function listAllProposalsOfOwner(db: Db, ownerUserId: string): Promise<ProposalRow[]> {
  const byOwner = eq(proposals.ownerUserId, ownerUserId);
  return listRows(db, proposals, byOwner, ['createdAt', 'proposalCode']);
}

/** A live proposal (not deleted) by its customer-facing reference for a brand, or null. */
export async function findProposalByReference(
  db: Db,
  query: { externalReference: string; brand: string },
): Promise<ProposalRow | null> {
  return findRow(
    db,
    proposals,
    and(
      eq(proposals.externalReference, query.externalReference.trim().toUpperCase()),
      eq(proposals.brand, query.brand),
      isNull(proposals.deletedAt),
    ),
  );
}

/**
 * Hands a proposal from one owner to another (an anonymous quote to the account that signed in):
 * only while `fromUserId` still owns it. Whether it moved.
 */
export async function moveProposalOwner(
  db: Db,
  move: { proposalCode: string; fromUserId: string; toUserId: string; at: Date },
): Promise<boolean> {
  const moved = await db
    .update(proposals)
    .set({ ownerUserId: move.toUserId, updatedAt: move.at })
    .where(
      and(
        eq(proposals.proposalCode, move.proposalCode),
        eq(proposals.ownerUserId, move.fromUserId),
      ),
    )
    .returning({ proposalCode: proposals.proposalCode });
  return moved.length > 0;
}

export async function listProposals(
  db: Db,
  filter: { ownerUserId: string; schemeCode?: string; externalReference?: string },
): Promise<ProposalRow[]> {
  const conditions = [eq(proposals.ownerUserId, filter.ownerUserId), isNull(proposals.deletedAt)];
  if (filter.schemeCode) conditions.push(eq(proposals.schemeCode, filter.schemeCode));
  if (filter.externalReference) {
    conditions.push(eq(proposals.externalReference, filter.externalReference.toUpperCase()));
  }
  return db
    .select()
    .from(proposals)
    .where(and(...conditions))
    .orderBy(desc(proposals.createdAt))
    .limit(100);
}

/** Inserts; answers false when the external reference is taken (the caller draws another). */
export async function insertProposal(db: Db, row: NewProposalRow): Promise<boolean> {
  const inserted = await db
    .insert(proposals)
    .values(row)
    .onConflictDoNothing({ target: proposals.externalReference })
    .returning({ proposalCode: proposals.proposalCode });
  return inserted.length === 1;
}

type ProposalChanges = Partial<Omit<NewProposalRow, 'proposalCode' | 'revision'>>;

/**
 * A proposal as its save left it, without the quote (as findProposal without it) and with the
 * data as JSON text: what ProposalCache keeps, parsed only when used.
 */
export type SavedProposal = Omit<ProposalRow, 'data' | 'quote'> & { dataText: string };

/** Save statements by the columns they set: a handful of shapes, each prepared once. */
const saveStatements = new Map<string, { name: string; text: string }>();

function saveStatement(keys: readonly (keyof ProposalChanges)[], withRecord: boolean) {
  const id = `${keys.join(',')}${withRecord ? '+record' : ''}`;
  let statement = saveStatements.get(id);
  if (!statement) {
    const set = keys.map((key, index) => `"${proposalColumns[key].name}" = $${index + 1}`);
    const at = keys.length;
    const record = withRecord
      ? `, recorded as (insert into rating_records (proposal_code, table_version, inputs, result, rated_at)
          select "proposalCode", $${at + 4}, $${at + 5}::jsonb, $${at + 6}::jsonb, $${at + 7}::timestamptz
          from updated)`
      : '';
    const text = `with updated as (
        update proposals set ${[...set, `revision = $${at + 1}`].join(', ')}
        where proposal_code = $${at + 2} and revision = $${at + 3} and deleted_at is null
        returning proposal_code as "proposalCode")${record}
      select 1 as saved from updated`;
    statement = { name: `save_proposal_${saveStatements.size + 1}`, text };
    saveStatements.set(id, statement);
  }
  return statement;
}

/**
 * Saves a new state of a proposal if nobody saved another since `revision` was read, with its
 * rating record when there is one. One statement (the record is inserted from the update's CTE,
 * so both or neither happen): this is every PATCH, and a transaction would cost BEGIN and COMMIT
 * round trips. Written as SQL, not with drizzle's builder, which cost more than the statement;
 * values still go through the columns' own mapping (jsonb, instants).
 * Answers null when the revision was stale (nothing saved). Otherwise the data's JSON text as
 * sent, when `changes` set it, for the proposal cache (decision 013): nothing comes back from
 * the database, whose row is now the one read at `revision` with `changes` applied.
 */
export async function saveProposal(
  db: Db,
  options: {
    proposalCode: string;
    revision: number;
    changes: ProposalChanges;
    ratingRecord?: RatingRecordInput;
  },
): Promise<{ dataText: string | undefined } | null> {
  const { proposalCode, revision, changes, ratingRecord } = options;
  const keys = (Object.keys(changes) as (keyof ProposalChanges)[]).filter(
    (key) => changes[key] !== undefined,
  );
  const values: unknown[] = keys.map((key) => {
    const value = changes[key];
    return value === null ? null : proposalColumns[key].mapToDriverValue(value as never);
  });
  const dataIndex = keys.indexOf('data');
  const dataText = dataIndex >= 0 ? (values[dataIndex] as string) : undefined;
  values.push(revision + 1, proposalCode, revision);
  if (ratingRecord) {
    values.push(
      ratingRecord.tableVersion ?? null,
      JSON.stringify(ratingRecord.inputs),
      JSON.stringify(ratingRecord.result),
      ratingRecord.ratedAt.toISOString(),
    );
  }
  const rows = await runStatement(db, {
    ...saveStatement(keys, ratingRecord !== undefined),
    values,
  });
  return rows.length === 1 ? { dataText } : null;
}

export async function softDeleteProposal(
  db: Db,
  options: { proposalCode: string; at: Date },
): Promise<void> {
  await db
    .update(proposals)
    .set({ deletedAt: options.at, updatedAt: options.at })
    .where(eq(proposals.proposalCode, options.proposalCode));
}

/** The owner's proposals of a scheme: what the one-quote and one-policy rules count. */
function ofOwnerInScheme(options: { ownerUserId: string; schemeCode: string }) {
  return and(
    eq(proposals.ownerUserId, options.ownerUserId),
    eq(proposals.schemeCode, options.schemeCode),
  );
}

/** Bound proposals (status POLICY) of a scheme kind for an owner, other than `exceptCode`. */
export async function countBoundProposals(
  db: Db,
  options: { ownerUserId: string; schemeCode: string; exceptCode: string },
): Promise<number> {
  const bound = and(eq(proposals.status, 'POLICY'), ne(proposals.proposalCode, options.exceptCode));
  return countRows(db, proposals, and(ofOwnerInScheme(options), bound));
}

/** The owner's quotes of a scheme that have not become a policy (and are not deleted). */
export async function countOpenProposals(
  db: Db,
  options: { ownerUserId: string; schemeCode: string },
): Promise<number> {
  const open = and(ne(proposals.status, 'POLICY'), isNull(proposals.deletedAt));
  return countRows(db, proposals, and(ofOwnerInScheme(options), open));
}

/** Bound proposals of a scheme that insured this registration, whoever owned them. */
export async function countBoundProposalsForVehicle(
  db: Db,
  options: { vrn: string; schemeCode: string; exceptCode: string },
): Promise<number> {
  return countRows(
    db,
    proposals,
    and(
      eq(proposals.schemeCode, options.schemeCode),
      eq(proposals.status, 'POLICY'),
      ne(proposals.proposalCode, options.exceptCode),
      sql`upper(replace(${proposals.data} #>> '{insuredAssets,0,data,vehicle,vrn}', ' ', '')) = ${options.vrn}`,
    ),
  );
}

/** Quotes by scheme and status, for the operator's metrics (flows/metrics). */
export async function countProposalsByStatus(
  db: Db,
): Promise<{ schemeCode: string; status: string; count: number }[]> {
  return db
    .select({ schemeCode: proposals.schemeCode, status: proposals.status, count: count() })
    .from(proposals)
    .groupBy(proposals.schemeCode, proposals.status);
}

/** The scheme of each of these quotes, by proposal code (the finance views, flows/finance). */
export async function listSchemesOfProposals(
  db: Db,
  proposalCodes: readonly string[],
): Promise<Map<string, string>> {
  return mapRowsByKey(db, proposals, {
    key: 'proposalCode',
    keys: proposalCodes,
    columns: ['schemeCode'],
    value: (row) => row.schemeCode,
  });
}

/** The figures of a renewal offer kept for ICOBS 6B: its rating, the new-business one, the offer. */
type RenewalOfferRecord = {
  proposalCode: string;
  sourcePolicyId: string | null;
  status: ProposalRow['status'];
  createdAt: Date;
  startAt: Date | null;
  policyNumber: string | null;
  renewalRatedPricePence: number | null;
  newBusinessPricePence: number | null;
  /** The offer's quote's total premium (pence with IPT), null when it has none. */
  offeredPence: number | null;
};

/** Renewal offers of a product whose new term starts in [start, end), soonest first. */
export async function listRenewalOffers(
  db: Db,
  options: { schemeCode: string; start: Date; end: Date },
): Promise<RenewalOfferRecord[]> {
  const rows = await db
    .select({
      proposalCode: proposals.proposalCode,
      sourcePolicyId: proposals.sourcePolicyId,
      status: proposals.status,
      createdAt: proposals.createdAt,
      startAt: proposals.startAt,
      policyNumber: proposals.policyNumber,
      renewalRatedPricePence: proposals.renewalRatedPricePence,
      newBusinessPricePence: proposals.newBusinessPricePence,
      quote: proposals.quote,
    })
    .from(proposals)
    .where(
      and(
        eq(proposals.kind, 'RENEWAL'),
        eq(proposals.schemeCode, options.schemeCode),
        gte(proposals.startAt, options.start),
        lt(proposals.startAt, options.end),
      ),
    )
    .orderBy(asc(proposals.startAt), asc(proposals.proposalCode));
  return rows.map(({ quote, ...row }) => {
    const total = quote?.totalPremium;
    return { ...row, offeredPence: typeof total === 'number' ? total : null };
  });
}

/** What each proposal is for (NEW_BUSINESS, RENEWAL, UPSELL) and its product. */
export async function listKindsOfProposals(
  db: Db,
  proposalCodes: readonly string[],
): Promise<Map<string, { kind: ProposalRow['kind']; schemeCode: string }>> {
  return mapRowsByKey(db, proposals, {
    key: 'proposalCode',
    keys: proposalCodes,
    columns: ['kind', 'schemeCode'],
    value: (row) => ({ kind: row.kind, schemeCode: row.schemeCode }),
  });
}

/** Offers linked from policies (spec 3 §3 renewalProposal, upsellProposal): code, status, price. */
export async function listOfferLinks(db: Db, proposalCodes: readonly string[]) {
  if (proposalCodes.length === 0) return [];
  return db
    .select({
      proposalCode: proposals.proposalCode,
      schemeCode: proposals.schemeCode,
      status: proposals.status,
      startAt: proposals.startAt,
      expiresAt: proposals.expiresAt,
      totalPremium: sql<number | null>`(${proposals.quote} ->> 'totalPremium')::int`,
    })
    .from(proposals)
    .where(inArray(proposals.proposalCode, [...proposalCodes]));
}

export type OfferLinkRecord = Awaited<ReturnType<typeof listOfferLinks>>[number];
