import { randomBytes, randomInt } from 'node:crypto';
import type { ProposalResponse, TrackingValues, VerifyResponse } from '@motor/contract';
import {
  addIsoDuration,
  TRACKING_PARAMETERS,
  type ProposalChange,
  type ProposalStatus,
} from '@motor/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { IdentityVerificationProvider } from '../../providers/identity-verification';
import type { VehicleLookupProvider } from '../../providers/vehicle-lookup';
import {
  brandOfScheme,
  findPromotion,
  isPromotionCode,
  takenPromotion,
  type TakenPromotion,
} from '../brand';
import { queueMessage, type QueueDeps } from '../notification';
import { applyChangesOrRefuse } from '../disclosure';
import {
  findSchemeFacts,
  getSchemeFacts,
  newProposalData,
  POLICYHOLDER_PROFILE_CODE,
  type SchemeFacts,
} from '../disclosure';
import { lookupOncePerRequest, type ProposalCache } from './proposal-cache';
import { buildIdentitySubject, findPolicyholderEmail } from './policyholder';
import * as repository from './repository';
import type { ProposalRow } from './repository';
import { findReturningAnswers, type LatestPolicyholderAnswers } from './returning-customer';
import { evaluateProposal } from '../rating';
import { buildQuoteResponse, deriveStatus } from './status';
import type { ProposalData, ProposalDraft } from '../disclosure';

export type ProposalServiceDeps = {
  db: Db;
  clock: Clock;
  vehicleLookup: VehicleLookupProvider;
  identityVerification: IdentityVerificationProvider;
  publicUrl: string;
  /** Saved states for rated PATCHes to start from (decision 013); this process's own. */
  proposalCache: ProposalCache;
  /** Where the quote e-mail goes (its db is the proposal's). */
  notifications: Omit<QueueDeps, 'db'>;
  /** How a renewal proposal is changed (flows/renew-policy); without it one is refused. */
  renewals?: RenewalChangeRules;
  /**
   * The owner's policies of a scheme not ended (the policy module's, given at the routes): with
   * multiQuote off, one stands in the way of a new quote.
   */
  countPoliciesInForce?: (options: { ownerUserId: string; schemeCode: string }) => Promise<number>;
  /** Where a returning customer's new quote starts (the policy module's, given at the routes). */
  latestPolicyholderAnswers?: LatestPolicyholderAnswers;
};

/**
 * The rules of a change to a RENEWAL proposal, given by the renewal flow (decision 022): what is
 * refused, and the rating, capped at the equivalent new-business price as the offer was.
 */
export type RenewalChangeRules = {
  assertChangeable: (options: {
    row: ProposalRow;
    changes: readonly ProposalChange[];
  }) => Promise<void>;
  rate: (options: { draft: ProposalDraft; facts: SchemeFacts; now: Date }) => {
    evaluation: ReturnType<typeof evaluateProposal>;
    renewalRatedPricePence: number | null;
    newBusinessPricePence: number | null;
  };
};

/**
 * Who changes a renewal: a renewal carries on a bound policy, so what is read-only for them on the
 * policy (a customer: name, date of birth, NCD, the car; decision 021) is read-only on it too.
 */
export type RenewalEditor = { isAdmin: boolean; permissions: readonly string[] };

const CUSTOMER_EDITOR: RenewalEditor = { isAdmin: false, permissions: [] };

export const STALE_REVISION_MESSAGE =
  'This quote was changed somewhere else (another tab?). Reload it and try again.';

/** Business checks of verify with their customer-facing messages (spec 2 §4). */
const BUSINESS_CHECK_MESSAGES = {
  MAX_DRIVEAWAY_POLICIES: 'You already have a Driveaway policy: there is one per customer.',
  PRIOR_POLICY: 'This car has already been insured with a Driveaway policy.',
} as const;

// No 0/O, 1/I/L or U/V pairs: a reference is read out over the phone and typed from a letter.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

function randomChunk(length: number): string {
  let chunk = '';
  for (let index = 0; index < length; index += 1) {
    chunk += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return chunk;
}

/** e.g. 'BMW-7KQ4-2MXD': about 10^11.7 values, unique by index (retried on a clash). */
export function createExternalReference(brand: string): string {
  return `${brand.toUpperCase()}-${randomChunk(4)}-${randomChunk(4)}`;
}

/** 'prp_' + 128 random bits: a link is all it takes to reach a proposal, so it is unguessable. */
export function createProposalCode(): string {
  return `prp_${randomBytes(16).toString('base64url')}`;
}

function pickTracking(values: TrackingValues | undefined): Record<string, string> {
  const known: readonly string[] = TRACKING_PARAMETERS;
  return Object.fromEntries(
    Object.entries(values ?? {}).filter(([key, value]) => known.includes(key) && value !== ''),
  );
}

function readData(row: ProposalRow): ProposalData {
  return row.data;
}

/**
 * The draft changes work on. It takes over the row's data rather than a copy (a deep copy was a
 * noticeable part of every PATCH): the row was read for this request alone, and is not used
 * again once changes apply, whether they are saved or refused.
 */
export function proposalDraftOf(row: ProposalRow): ProposalDraft {
  return {
    schemeCode: row.schemeCode,
    startAt: row.startAt,
    endAt: row.endAt,
    policyTerm: row.policyTerm,
    data: readData(row),
  };
}

function factsOf(row: ProposalRow): SchemeFacts {
  return getSchemeFacts(row.schemeCode);
}

/** The proposal as the API answers it, with its status as of `now`. */
export function toProposalResponse(row: ProposalRow, now: Date): ProposalResponse {
  const facts = factsOf(row);
  const status: ProposalStatus = deriveStatus({
    status: row.status,
    startAt: row.startAt,
    expiresAt: row.expiresAt,
    now,
  });
  return {
    proposalCode: row.proposalCode,
    schemeCode: row.schemeCode,
    brand: row.brand,
    status,
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
    policyTerm: row.policyTerm,
    policyNumber: row.policyNumber,
    policyId: row.policyId,
    autoRenewalEnabled: row.autoRenewalEnabled,
    externalReference: row.externalReference,
    promoCode: row.promoCode,
    promotions: Object.entries(brandOfScheme(row.schemeCode).promotions)
      .filter(([, promotion]) => promotion.schemeCodes.includes(row.schemeCode))
      .map(([promotionId]) => ({ promotionId })),
    // An upgrade offer names the (driveaway) proposal it was pre-filled from.
    ...(row.kind === 'UPSELL' ? { sourceProposal: row.sourceProposalCode } : {}),
    quote: buildQuoteResponse({
      snapshot: row.quote,
      data: readData(row),
      facts,
      promotion: promotionOf(row),
    }),
    revision: row.revision,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    tracking: row.tracking,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One Driveaway policy per customer (spec 2 §4, MAX_DRIVEAWAY_POLICIES), said when the quote
 * would start rather than after its disclosure (issue 31 item 8): a customer who holds one is
 * refused a second at POST /proposals. Verify still checks it for a quote started anonymously.
 */
async function assertNoDriveawayHeld(
  deps: ProposalServiceDeps,
  options: { ownerUserId: string; schemeCode: string; productKind: string },
): Promise<void> {
  if (options.productKind !== 'DRIVEAWAY') return;
  const held = await repository.countBoundProposals(deps.db, {
    ownerUserId: options.ownerUserId,
    schemeCode: options.schemeCode,
    exceptCode: '',
  });
  if (held > 0) {
    throw new AppError('CONFLICT', BUSINESS_CHECK_MESSAGES.MAX_DRIVEAWAY_POLICIES, {
      reason: 'MAX_DRIVEAWAY_POLICIES',
    });
  }
}

/**
 * With the brand's multiQuote off, a scheme with an existing proposal or policy may not start
 * another (spec 3 §4): an open quote of it, or a policy of it that has not ended, refuses a new
 * one (409 ONE_QUOTE_PER_PRODUCT). An ended policy does not: its holder needs new cover.
 */
const ONE_QUOTE_PER_PRODUCT_MESSAGE =
  'You already have a quote or a policy for this product: carry on with it from your home page.';

async function assertMayStartAnother(
  deps: ProposalServiceDeps,
  options: { ownerUserId: string; schemeCode: string },
): Promise<void> {
  if (brandOfScheme(options.schemeCode).config.features.multiQuote) return;
  const owner = { ownerUserId: options.ownerUserId, schemeCode: options.schemeCode };
  const open =
    (await repository.countOpenProposals(deps.db, owner)) +
    ((await deps.countPoliciesInForce?.(owner)) ?? 0);
  if (open > 0) {
    throw new AppError('CONFLICT', ONE_QUOTE_PER_PRODUCT_MESSAGE, {
      reason: 'ONE_QUOTE_PER_PRODUCT',
    });
  }
}

export async function createProposal(
  deps: ProposalServiceDeps,
  options: {
    ownerUserId: string;
    schemeCode: string;
    brand?: string;
    tracking?: TrackingValues;
    /** A signed-in customer's: starts from what we know of them (returning-customer.ts). */
    isKnownCustomer?: boolean;
  },
): Promise<ProposalRow> {
  const facts = findSchemeFacts(options.schemeCode);
  if (!facts || (options.brand && options.brand.toLowerCase() !== facts.brand)) {
    throw new AppError('VALIDATION_FAILED', 'There is no such product.', {
      fields: [{ in: 'body', path: 'schemeCode', message: 'Choose one of our products' }],
    });
  }
  await assertNoDriveawayHeld(deps, { ...options, productKind: facts.productKind });
  await assertMayStartAnother(deps, { ...options, schemeCode: facts.schemeCode });
  const now = deps.clock.now();
  const known = options.isKnownCustomer
    ? await findReturningAnswers(deps, options.ownerUserId)
    : {};
  const draft: ProposalDraft = {
    schemeCode: facts.schemeCode,
    startAt: now,
    endAt: addIsoDuration(now, facts.policyTerm),
    policyTerm: facts.policyTerm,
    data: newProposalData(facts, [
      { profileCode: POLICYHOLDER_PROFILE_CODE, policyholder: true, data: known },
    ]),
  };
  const { snapshot, expiresAt } = evaluateProposal({ draft, facts, now });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = {
      proposalCode: createProposalCode(),
      externalReference: createExternalReference(facts.brand),
      schemeCode: facts.schemeCode,
      brand: facts.brand,
      ownerUserId: options.ownerUserId,
      status: snapshot.status,
      revision: 0,
      startAt: draft.startAt,
      endAt: draft.endAt,
      policyTerm: facts.policyTerm,
      autoRenewalEnabled: facts.productKind !== 'DRIVEAWAY',
      tracking: pickTracking(options.tracking),
      data: draft.data,
      quote: snapshot,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    };
    if (await repository.insertProposal(deps.db, row)) {
      return {
        ...row,
        promoCode: null,
        deletedAt: null,
        policyId: null,
        policyNumber: null,
        kind: 'NEW_BUSINESS',
        sourcePolicyId: null,
        sourceProposalCode: null,
        renewalRatedPricePence: null,
        newBusinessPricePence: null,
      };
    }
  }
  throw new Error('Could not draw a free external reference in 5 attempts');
}

function assertNotBound(row: ProposalRow): void {
  if (row.status === 'POLICY') {
    throw new AppError('CONFLICT', 'This quote has already become a policy.');
  }
}

async function save(
  deps: ProposalServiceDeps,
  row: ProposalRow,
  changes: Parameters<typeof repository.saveProposal>[1]['changes'],
  ratingRecord?: Parameters<typeof repository.saveProposal>[1]['ratingRecord'],
): Promise<ProposalRow> {
  const saved = { ...changes, updatedAt: deps.clock.now() };
  const outcome = await repository.saveProposal(deps.db, {
    proposalCode: row.proposalCode,
    revision: row.revision,
    changes: saved,
    ratingRecord,
  });
  if (!outcome) throw new AppError('CONFLICT', STALE_REVISION_MESSAGE);
  // What the database now holds: nobody saved in between (the revision matched).
  const savedRow: ProposalRow = { ...row, ...saved, revision: row.revision + 1 };
  const { data, quote: _quote, ...columns } = savedRow;
  deps.proposalCache.remember({ ...columns, dataText: outcome.dataText ?? JSON.stringify(data) });
  return savedRow;
}

/** Changes of what the customer discloses (as opposed to their choices of cover and payment). */
const ANSWER_CHANGES: ReadonlySet<ProposalChange['changeType']> = new Set([
  'QUOTE_DISCLOSURE_CHANGE',
  'ASSET_DISCLOSURE_CHANGE',
  'PROFILE_DISCLOSURE_CHANGE',
  'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
  'ADDITIONAL_PROFILE_CREATE_CHANGE',
  'ADD_PROFILE',
  'REMOVE_PROFILE',
  'START_DATE_CHANGE',
]);

/**
 * Answers saved as the customer goes (issue 31 item 6) are not rated until they continue: the
 * quote's price was for other answers, so it is neither shown nor bought — the quote reads as not
 * yet priced (INSUFFICIENT_ACCURACY, no rating) until a rated PATCH. A renewal keeps its offer.
 */
function unpricedIfAnswered(row: ProposalRow, changes: readonly ProposalChange[]) {
  if (row.kind === 'RENEWAL' || !changes.some((change) => ANSWER_CHANGES.has(change.changeType))) {
    return {};
  }
  return { status: 'INSUFFICIENT_ACCURACY' as const, quote: null, expiresAt: null };
}

/**
 * Applies the changes in order to a copy of the proposal, validates all of them, re-rates when
 * asked, and saves it all at once: a request with any invalid change saves nothing (400 with one
 * field error per problem); a stale revision saves nothing (409).
 */
export async function updateProposal(
  deps: ProposalServiceDeps,
  options: {
    row: ProposalRow;
    changes: readonly ProposalChange[];
    applyRating: boolean;
    revision?: number;
    /** Who makes the change, for a renewal's read-only answers (a customer when absent). */
    editor?: RenewalEditor;
    /** Only checks that the changes apply (400 or 409 as a save would); saves nothing. */
    checkOnly?: boolean;
  },
): Promise<ProposalRow> {
  const { row, changes, applyRating, revision } = options;
  assertNotBound(row);
  if (revision !== undefined && revision !== row.revision) {
    throw new AppError('CONFLICT', STALE_REVISION_MESSAGE, {
      revision: row.revision,
    });
  }
  const isRenewal = row.kind === 'RENEWAL';
  if (isRenewal) {
    if (!deps.renewals) throw new AppError('CONFLICT', 'This renewal cannot be changed here.');
    await deps.renewals.assertChangeable({ row, changes });
  }
  const facts = factsOf(row);
  const now = deps.clock.now();
  const draft = proposalDraftOf(row);
  await applyChangesOrRefuse(
    { db: deps.db, vehicleLookup: deps.vehicleLookup },
    {
      draft,
      changes,
      now,
      facts,
      ...(isRenewal ? { policyEditor: options.editor ?? CUSTOMER_EDITOR } : {}),
    },
  );
  if (options.checkOnly) return row;
  const base = {
    data: draft.data,
    startAt: draft.startAt,
    endAt: draft.endAt,
  };
  if (!applyRating) return save(deps, row, { ...base, ...unpricedIfAnswered(row, changes) });
  // A renewal is re-rated through the same new-business cap as its offer (ICOBS 6B).
  const renewal = isRenewal ? deps.renewals!.rate({ draft, facts, now }) : null;
  const evaluation = renewal?.evaluation ?? evaluateProposal({ draft, facts, now });
  return save(
    deps,
    row,
    {
      ...base,
      ...(renewal
        ? {
            renewalRatedPricePence: renewal.renewalRatedPricePence,
            newBusinessPricePence: renewal.newBusinessPricePence,
          }
        : {}),
      status: evaluation.snapshot.status,
      quote: evaluation.snapshot,
      expiresAt: evaluation.expiresAt,
    },
    evaluation.record,
  );
}

/**
 * A PATCH. A rated one starts from the proposal cache when it has the proposal (decision 013):
 * only a successful conditional save proves the cached row was current, so any other ending
 * (a stale save or client revision, 400, 404, 409, any error) forgets it and runs the update
 * once more from the database, and that run's outcome is the answer, as without a cache.
 * `load` reads the proposal and checks access as every route does; `canAccess` is that check.
 */
export async function updateOwnProposal(
  deps: ProposalServiceDeps,
  options: {
    proposalCode: string;
    load: (options: { withQuote: boolean }) => Promise<ProposalRow>;
    canAccess: (row: ProposalRow) => boolean;
    changes: readonly ProposalChange[];
    applyRating: boolean;
    revision?: number;
    editor?: RenewalEditor;
  },
): Promise<ProposalRow> {
  const { proposalCode, load, canAccess, ...update } = options;
  // Re-rating replaces the quote, so the stored one need not be read: the cache has none.
  const cached = update.applyRating ? deps.proposalCache.read(proposalCode) : null;
  if (!cached) {
    return updateProposal(deps, { ...update, row: await load({ withQuote: !update.applyRating }) });
  }
  // Both runs share the provider's answers: a second run asks nothing twice.
  const once = { ...deps, vehicleLookup: lookupOncePerRequest(deps.vehicleLookup) };
  try {
    if (canAccess(cached)) return await updateProposal(once, { ...update, row: cached });
  } catch {
    // Whatever went wrong is found again (or not) from the database's row, below.
  }
  deps.proposalCache.forget(proposalCode);
  return updateProposal(once, { ...update, row: await load({ withQuote: false }) });
}

export async function deleteProposal(deps: ProposalServiceDeps, row: ProposalRow): Promise<void> {
  assertNotBound(row);
  await repository.softDeleteProposal(deps.db, {
    proposalCode: row.proposalCode,
    at: deps.clock.now(),
  });
  deps.proposalCache.forget(row.proposalCode);
}

export async function checkIdentity(
  deps: ProposalServiceDeps,
  row: ProposalRow,
): Promise<{ isClear: boolean }> {
  const result = await deps.identityVerification.checkIdentity(buildIdentitySubject(readData(row)));
  return { isClear: result.isClear };
}

/** The provider's checks plus our own: one Driveaway policy per customer and per car. */
export async function verifyCustomer(
  deps: Omit<ProposalServiceDeps, 'proposalCache' | 'notifications'>,
  row: ProposalRow,
): Promise<VerifyResponse> {
  const data = readData(row);
  const provider = await deps.identityVerification.verifyCustomer(buildIdentitySubject(data));
  const facts = factsOf(row);
  let ownerHasOne = false;
  let carHadOne = false;
  if (facts.productKind === 'DRIVEAWAY') {
    const except = { schemeCode: row.schemeCode, exceptCode: row.proposalCode };
    ownerHasOne =
      (await repository.countBoundProposals(deps.db, {
        ...except,
        ownerUserId: row.ownerUserId,
      })) > 0;
    const vehicle = data.insuredAssets[0]?.data.vehicle as { vrn?: string | null } | undefined;
    const vrn = vehicle?.vrn?.replace(/\s+/g, '').toUpperCase();
    carHadOne = vrn
      ? (await repository.countBoundProposalsForVehicle(deps.db, { ...except, vrn })) > 0
      : false;
  }
  const checks: VerifyResponse['checks'] = [
    ...provider.checks.map((check) => ({ name: check.name, result: check.result })),
    {
      name: 'MAX_DRIVEAWAY_POLICIES',
      result: ownerHasOne ? 'CONSIDER' : 'CLEAR',
      ...(ownerHasOne ? { message: BUSINESS_CHECK_MESSAGES.MAX_DRIVEAWAY_POLICIES } : {}),
    },
    {
      name: 'PRIOR_POLICY',
      result: carHadOne ? 'CONSIDER' : 'CLEAR',
      ...(carHadOne ? { message: BUSINESS_CHECK_MESSAGES.PRIOR_POLICY } : {}),
    },
  ];
  return { isClear: checks.every((check) => check.result === 'CLEAR'), checks };
}

/** Queues an e-mail with a link back to the quote (retrieve by its reference). */
export async function retainProposal(
  deps: ProposalServiceDeps,
  row: ProposalRow,
  options: { email?: string },
): Promise<void> {
  const recipient = options.email ?? findPolicyholderEmail(readData(row));
  if (!recipient) {
    throw new AppError('VALIDATION_FAILED', 'Tell us where to send your quote.', {
      fields: [{ in: 'body', path: 'email', message: 'Enter your e-mail address' }],
    });
  }
  const link = new URL(
    `/retrieve?ref=${encodeURIComponent(row.externalReference)}`,
    deps.publicUrl,
  );
  await queueMessage(
    { ...deps.notifications, db: deps.db },
    {
      channel: 'EMAIL',
      recipient,
      // The brand's display name ('Your Lumen Cover quote'), not its code in capitals.
      subject: `Your ${brandOfScheme(row.schemeCode).config.appName} quote ${row.externalReference}`,
      body: [
        'Thank you for your quote. Pick up where you left off here:',
        link.toString(),
        '',
        `Your quote reference is ${row.externalReference}. You will need it, your date of birth and your postcode.`,
      ].join('\n'),
    },
    deps.clock.now(),
  );
}

export async function saveTracking(
  deps: ProposalServiceDeps,
  row: ProposalRow,
  values: TrackingValues,
): Promise<ProposalRow> {
  return save(deps, row, { tracking: { ...row.tracking, ...pickTracking(values) } });
}

/** The promotion the proposal took and its terms, as the brand's data sets them today. */
function promotionOf(row: ProposalRow): TakenPromotion | null {
  const promotion = row.promoCode ? findPromotion(row.schemeCode, row.promoCode) : null;
  return promotion && row.promoCode ? takenPromotion(row.promoCode, promotion) : null;
}

export async function activatePromotion(
  deps: ProposalServiceDeps,
  row: ProposalRow,
  options: { promotionId: string; activationCode: string },
): Promise<ProposalRow> {
  assertNotBound(row);
  const promotion = findPromotion(row.schemeCode, options.promotionId);
  if (!promotion) throw new AppError('NOT_FOUND', 'We could not find that promotion.');
  if (!isPromotionCode(promotion, options.activationCode)) {
    throw new AppError('VALIDATION_FAILED', 'That promotion code is not right.', {
      fields: [
        { in: 'body', path: 'promotionActivationCode', message: 'Check the promotion code' },
      ],
    });
  }
  return save(deps, row, { promoCode: options.promotionId });
}

export async function setAutoRenewal(
  deps: ProposalServiceDeps,
  row: ProposalRow,
  enabled: boolean,
): Promise<ProposalRow> {
  assertNotBound(row);
  return save(deps, row, { autoRenewalEnabled: enabled });
}
