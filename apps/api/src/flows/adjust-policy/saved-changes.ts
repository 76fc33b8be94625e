import { isDeepStrictEqual } from 'node:util';
import {
  formatDisplayDate,
  formatMoney,
  getSavedChangeUntil,
  isSavedChangeKept,
  SAVED_CHANGE_DAYS,
  type ProposalChangeType,
} from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  changeTypesOf,
  getOwnAdjustment,
  listSavedAdjustments,
  markSaved,
  moveSaved,
  type AdjustmentRow,
} from '../../modules/adjustment';
import type { Principal } from '../../modules/identity';
import { emailBody, queueEmail } from '../../modules/notification';
import { getOwnPolicy, type PolicyRow } from '../../modules/policy';
import { policyholderOfPolicy, policyPageUrl } from '../renew-policy/policy-facts';
import { createAdjustment } from './create-adjustment';

// A change quote that keeps (issue 35 item 5): a priced, unconfirmed change (MTA, allowed) is
// saved for SAVED_CHANGE_DAYS and the customer e-mailed a link to it; returning to it prices the
// same changes again now, by the same rules as a new change (the renewal window, who may change
// what), and tells whether the price moved since it was saved and whether our rates did.

export const SAVED_CHANGE_MESSAGES = {
  cancellation: 'A cancellation cannot be saved for later.',
  onlyChanges: 'Only a change to your policy can be saved for later.',
  confirmed: 'This change has already been made.',
  notAllowed: 'This change cannot be made online, so it cannot be saved for later.',
  promotionOnly: 'A promotion code cannot be saved for later: add it now, or add it again later.',
  priceExpired: 'The price of this change has expired. Please make the change again.',
  notSaved: 'This change is not saved.',
  expired: `This saved change has expired: we keep saved changes for ${SAVED_CHANGE_DAYS} days. Please make the change again.`,
  resumedMeanwhile: 'This saved change has just been opened again. Please try once more.',
} as const;
const M = SAVED_CHANGE_MESSAGES;

/** What each kind of change is, as the e-mail says it. */
const CHANGE_WORDS: Record<ProposalChangeType, string> = {
  QUOTE_DISCLOSURE_CHANGE: 'your cover details',
  ASSET_DISCLOSURE_CHANGE: "your car's details",
  PROFILE_DISCLOSURE_CHANGE: 'your details',
  ADDITIONAL_PROFILE_DISCLOSURE_CHANGE: "a named driver's details",
  ADD_PROFILE: 'adding a driver',
  ADDITIONAL_PROFILE_CREATE_CHANGE: 'adding a driver',
  REMOVE_PROFILE: 'removing a driver',
  ADD_COVER: 'adding an add-on',
  REMOVE_COVER: 'removing an add-on',
  SELECT_VOLUNTARY_EXCESS: 'your voluntary excess',
  REQUEST_COVER_OPTION: 'your cover options',
  SELECT_PAYMENT_SCHEDULE: 'how you pay',
  START_DATE_CHANGE: 'your start date',
};

function describeChange(row: AdjustmentRow): string {
  const words = [...new Set(changeTypesOf(row).map((type) => CHANGE_WORDS[type]))];
  if (words.length <= 1) return words[0] ?? 'a change to your policy';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function withDb(deps: ServiceDeps, db: Db): ServiceDeps {
  return { db, clock: deps.clock, config: deps.config, providers: deps.providers, log: deps.log };
}

/** The SPA's page that returns to a saved change (the e-mail's link). */
function savedChangeUrl(publicUrl: string, policy: PolicyRow, adjustmentId: string): string {
  return `${policyPageUrl(publicUrl, policy)}/saved-change/${encodeURIComponent(adjustmentId)}`;
}

function describePrice(row: AdjustmentRow): string {
  const year = `${formatMoney(row.premiumAfterPence)} a year`;
  return row.paymentScheduleType === 'MONTHLY' && row.instalmentAfterPence !== null
    ? `${year} (${formatMoney(row.instalmentAfterPence)} a month)`
    : year;
}

async function tellCustomerSaved(
  deps: ServiceDeps,
  tx: Db,
  options: { policy: PolicyRow; adjustment: AdjustmentRow; savedAt: Date },
): Promise<void> {
  const { policy, adjustment, savedAt } = options;
  const holder = await policyholderOfPolicy(tx, policy);
  if (!holder?.email) return;
  const until = formatDisplayDate(getSavedChangeUntil(savedAt));
  const lines = [
    `You saved a change to policy ${policy.policyNumber} to come back to: ${describeChange(adjustment)}.`,
    `When you saved it, your price with this change was ${describePrice(adjustment)}.`,
    `We'll keep this change for ${SAVED_CHANGE_DAYS} days, until ${until}. When you come back to it we work out its price again, and tell you if it has changed.`,
    'Nothing about your policy changes until you confirm it. To continue with this change, go to:',
    savedChangeUrl(deps.config.publicUrl, policy, adjustment.adjustmentId),
  ];
  await queueEmail(
    deps,
    tx,
    {
      recipient: holder.email,
      subject: `Your saved change to policy ${policy.policyNumber}`,
      body: emailBody(holder.name, lines),
    },
    savedAt,
  );
}

/**
 * POST /api/policyAdjustments/{id}/save: keeps an unconfirmed, allowed change (MTA) for
 * SAVED_CHANGE_DAYS and e-mails the customer a link to it. A repeat answers the same saved
 * change and sends nothing.
 */
export async function saveChange(
  deps: ServiceDeps,
  input: { principal: Principal; adjustmentId: string },
): Promise<AdjustmentRow & { savedAt: Date }> {
  const row = await getOwnAdjustment(deps.db, input.principal, input.adjustmentId);
  if (row.savedAt && !row.confirmedAt) return { ...row, savedAt: row.savedAt };
  if (row.adjustmentType === 'CAN') throw new AppError('CONFLICT', M.cancellation);
  if (row.adjustmentType !== 'MTA') throw new AppError('CONFLICT', M.onlyChanges);
  if (row.confirmedAt) throw new AppError('CONFLICT', M.confirmed);
  if (row.outcome !== 'allowed') throw new AppError('CONFLICT', M.notAllowed);
  // Returning prices the same `changes` again; a promotion code alone is not one of them.
  if (row.changes.length === 0) throw new AppError('CONFLICT', M.promotionOnly);
  const now = deps.clock.now();
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('GONE', M.priceExpired);
  const policy = await getOwnPolicy(deps.db, input.principal, row.policyId);
  return deps.db.transaction(async (tx) => {
    const saved = await markSaved(tx, { adjustmentId: row.adjustmentId, at: now });
    if (!saved?.savedAt) {
      // Saved (or confirmed) by another request meanwhile: it sent the e-mail, if any.
      const again = await getOwnAdjustment(tx, input.principal, row.adjustmentId);
      if (again.savedAt && !again.confirmedAt) return { ...again, savedAt: again.savedAt };
      throw new AppError('CONFLICT', M.confirmed);
    }
    await tellCustomerSaved(withDb(deps, tx), tx, { policy, adjustment: saved, savedAt: now });
    return { ...saved, savedAt: saved.savedAt };
  });
}

type SavedRow = AdjustmentRow & { savedAt: Date };

/** The policy's saved changes still kept at `now` and not confirmed, last saved first. */
export async function listSavedChanges(
  deps: ServiceDeps,
  input: { principal: Principal; policyId: string },
): Promise<SavedRow[]> {
  const policy = await getOwnPolicy(deps.db, input.principal, input.policyId);
  const now = deps.clock.now();
  const rows = await listSavedAdjustments(deps.db, policy.policyId);
  return rows.filter(
    (row): row is SavedRow =>
      row.savedAt !== null && row.confirmedAt === null && isSavedChangeKept(row.savedAt, now),
  );
}

/**
 * The saved change an e-mailed link leads to. A link to one already returned to leads on to the
 * one it became (the same changes, saved since), so that an old e-mail still works.
 */
async function findSavedOf(db: Db, row: AdjustmentRow): Promise<SavedRow> {
  if (row.confirmedAt) throw new AppError('CONFLICT', M.confirmed);
  if (row.savedAt) return { ...row, savedAt: row.savedAt };
  const later = (await listSavedAdjustments(db, row.policyId)).find(
    (saved) =>
      saved.createdAt.getTime() > row.createdAt.getTime() &&
      isDeepStrictEqual(saved.changes, row.changes),
  );
  if (!later?.savedAt) throw new AppError('CONFLICT', M.notSaved);
  if (later.confirmedAt) throw new AppError('CONFLICT', M.confirmed);
  return { ...later, savedAt: later.savedAt };
}

function tableVersionOf(row: AdjustmentRow): string | null {
  return row.updatedVersions[0]?.quote.priceTrace?.tableVersion ?? null;
}

/**
 * POST /api/policyAdjustments/{id}/resume: prices a saved change's changes again now as a new
 * adjustment (createAdjustment: every rule of a new change), which becomes the saved one when it
 * is allowed; answers it with the price when saved. Past SAVED_CHANGE_DAYS: 410.
 */
export async function resumeSavedChange(
  deps: ServiceDeps,
  input: { principal: Principal; adjustmentId: string },
) {
  const row = await getOwnAdjustment(deps.db, input.principal, input.adjustmentId);
  const saved = await findSavedOf(deps.db, row);
  const now = deps.clock.now();
  if (!isSavedChangeKept(saved.savedAt, now)) throw new AppError('GONE', M.expired);
  const adjustment = await deps.db.transaction(async (tx) => {
    const priced = await createAdjustment(withDb(deps, tx), {
      principal: input.principal,
      request: {
        policyId: saved.policyId,
        adjustmentType: 'MTA',
        changes: saved.changes,
      },
    });
    // A change that can no longer be made online is shown as such; the saved one stays saved.
    if (priced.outcome !== 'allowed') return priced;
    const moved = await moveSaved(tx, {
      from: saved.adjustmentId,
      to: priced.adjustmentId,
      savedAt: saved.savedAt,
    });
    if (!moved) throw new AppError('CONFLICT', M.resumedMeanwhile);
    return moved;
  });
  const ratesBefore = tableVersionOf(saved);
  const ratesNow = tableVersionOf(adjustment);
  return {
    adjustment,
    savedAt: saved.savedAt,
    savedPremium: saved.premiumAfterPence,
    savedInstalment: saved.instalmentAfterPence,
    priceChanged:
      adjustment.premiumAfterPence !== saved.premiumAfterPence ||
      adjustment.instalmentAfterPence !== saved.instalmentAfterPence,
    ratesChanged: ratesBefore !== null && ratesNow !== null && ratesBefore !== ratesNow,
  };
}
