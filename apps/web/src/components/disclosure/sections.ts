import type { ProposalChange } from '@motor/domain';
import { DISCLOSURE_SECTION_IDS, londonDateString, toInstant } from '@motor/domain';
import { getValueAtPath, isInputVisible, validateInputValue } from '@motor/forms';
import type { FormContext, FormValues, InputDefinition } from '@motor/forms';
import { paths } from '../../lib/paths';
import { getProductConfig } from '../../lib/brand-products';
import type { ProposalResponse as Proposal } from '@motor/contract';

// The disclosure sections of spec 2 §2 and where each answer is stored. The brand's product
// configuration holds the questions by target; this file groups them into pages.

const SECTION_IDS = DISCLOSURE_SECTION_IDS;
export type SectionId = (typeof SECTION_IDS)[number];

/** Where an answer lives: the quote, the core car, the policyholder, a named driver, the start date. */
export type AnswerTarget = 'quote' | 'asset' | 'profile' | 'additionalProfile' | 'startDate';

const CONTACT_NAMES = ['email', 'phoneNumber', 'marketingPreferences'];
const COVER_NAMES = ['noClaimsDiscount', 'noClaimsDiscountType'];

/** The default code of a new additional driver (spec 2 §2), then p2, p3, ... */
const FIRST_ADDITIONAL_PROFILE_CODE = 'p1';

/** The questions of a section, all answered in one target. */
export function getSectionInputs(
  schemeCode: string,
  sectionId: SectionId,
): { target: AnswerTarget; inputs: InputDefinition[] } {
  const { disclosures } = getProductConfig(schemeCode);
  switch (sectionId) {
    case 'about-you':
      return {
        target: 'profile',
        inputs: disclosures.profile.filter((input) => !CONTACT_NAMES.includes(input.name)),
      };
    case 'contact-details':
      return {
        target: 'profile',
        inputs: disclosures.profile.filter((input) => CONTACT_NAMES.includes(input.name)),
      };
    case 'your-car':
      return {
        target: 'asset',
        inputs: disclosures.asset.filter((input) => !COVER_NAMES.includes(input.name)),
      };
    case 'your-cover':
      return {
        target: 'asset',
        inputs: disclosures.asset.filter((input) => COVER_NAMES.includes(input.name)),
      };
    case 'additional-drivers':
      return { target: 'additionalProfile', inputs: disclosures.additionalProfile };
    case 'start-date':
      return { target: 'startDate', inputs: disclosures.startDate };
  }
}

/** The before-we-begin questions of the scheme (eligibility; driveaway adds renewal month and retailer). */
export function getBeforeWeBeginInputs(schemeCode: string): InputDefinition[] {
  const product = getProductConfig(schemeCode);
  return product.disclosures.quote.filter((input) => product.beforeWeBegin.includes(input.name));
}

export const isSectionId = (value: string | undefined): value is SectionId =>
  (SECTION_IDS as readonly string[]).includes(value ?? '');

/** The policyholder's profile, the core car and the additional drivers of a proposal. */
export function getParties(proposal: Proposal) {
  const profiles = proposal.quote.insuredProfiles;
  const policyholder = profiles.find((profile) => profile.policyholder) ?? profiles[0];
  const assets = proposal.quote.insuredAssets;
  const asset = assets.find((candidate) => candidate.coreAsset) ?? assets[0];
  return {
    policyholder,
    asset,
    additionalProfiles: profiles.filter((profile) => !profile.policyholder),
  };
}

/** The next free additional-driver code: p1, p2, ... */
export function nextProfileCode(proposal: Proposal): string {
  const used = new Set(proposal.quote.insuredProfiles.map((profile) => profile.profileCode));
  let number = 1;
  while (used.has(`p${number}`)) number += 1;
  return number === 1 ? FIRST_ADDITIONAL_PROFILE_CODE : `p${number}`;
}

/** The stored answers a form starts from, for a target (and a driver for additionalProfile). */
export function getAnswers(
  proposal: Proposal,
  target: AnswerTarget,
  profileCode?: string,
): FormValues {
  const { policyholder, asset } = getParties(proposal);
  switch (target) {
    case 'quote':
      return { ...proposal.quote.data };
    case 'asset':
      return { ...(asset?.data ?? {}) };
    case 'profile':
      return { ...(policyholder?.data ?? {}) };
    case 'additionalProfile': {
      const profile = proposal.quote.insuredProfiles.find(
        (candidate) => candidate.profileCode === profileCode,
      );
      return { ...(profile?.data ?? {}) };
    }
    case 'startDate':
      return proposal.startAt ? { startDate: londonDateString(proposal.startAt) } : {};
  }
}

/** Answers that cross-field rules name as 'profile.<path>' and 'asset.<path>'. */
export function getRelatedAnswers(proposal: Proposal, profileCode?: string): FormValues {
  const { policyholder, asset } = getParties(proposal);
  const profile = profileCode
    ? proposal.quote.insuredProfiles.find((candidate) => candidate.profileCode === profileCode)
    : policyholder;
  return { profile: profile?.data ?? {}, asset: asset?.data ?? {} };
}

/** The changes of one section's submit: a change of the target's type with one update per answer. */
export function buildChanges(options: {
  proposal: Proposal;
  target: AnswerTarget;
  values: FormValues;
  changedNames: readonly string[];
  profileCode?: string;
  isNewProfile?: boolean;
}): ProposalChange[] {
  const { proposal, target, values, changedNames, profileCode, isNewProfile } = options;
  const update = changedNames.map((name) => ({
    path: name,
    // null removes an answer the customer's other answers made irrelevant.
    value: getValueAtPath(values, name) ?? null,
  }));
  const { policyholder, asset } = getParties(proposal);
  switch (target) {
    case 'quote':
      return update.length ? [{ changeType: 'QUOTE_DISCLOSURE_CHANGE', update }] : [];
    case 'asset':
      return update.length && asset
        ? [{ changeType: 'ASSET_DISCLOSURE_CHANGE', assetCode: asset.assetCode, update }]
        : [];
    case 'profile':
      return update.length && policyholder
        ? [
            {
              changeType: 'PROFILE_DISCLOSURE_CHANGE',
              profileCode: policyholder.profileCode,
              update,
            },
          ]
        : [];
    case 'additionalProfile':
      if (!profileCode) return [];
      if (isNewProfile) {
        return [{ changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode, update }];
      }
      return update.length
        ? [{ changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE', profileCode, update }]
        : [];
    case 'startDate': {
      const startDate = values.startDate;
      if (!changedNames.includes('startDate') || typeof startDate !== 'string') return [];
      return [{ changeType: 'START_DATE_CHANGE', startDate: toInstant(startDate).toISOString() }];
    }
  }
}

/** Maps a server field path of the request back to the input it is about. */
export function findInputOfErrorPath(
  path: string,
  changes: readonly ProposalChange[],
): string | null {
  const match = /^changes\.(\d+)\.(?:update\.(\d+)|startDate)/.exec(path);
  if (!match) return null;
  const change = changes[Number(match[1])];
  if (!change) return null;
  if (change.changeType === 'START_DATE_CHANGE') return 'startDate';
  if (!('update' in change) || !change.update || match[2] === undefined) return null;
  return change.update[Number(match[2])]?.path ?? null;
}

/** Whether every visible question of a list has a valid answer. */
function isComplete(
  inputs: readonly InputDefinition[],
  values: FormValues,
  context: FormContext,
): boolean {
  return inputs.every((input) => {
    if (!isInputVisible({ input, values, context })) return true;
    return (
      validateInputValue({ input, value: getValueAtPath(values, input.name), values, context }) ===
      null
    );
  });
}

/** One entry of the disclosure progress: the section, whether it is complete, where it is. */
export type DisclosureSectionStatus = { id: SectionId; isComplete: boolean; path: string };

/**
 * The path of a section page (and of a driver inside additional drivers) under `base`, the
 * proposal's page or the renewal's page (both have `disclosure/{sectionId}/*`, spec 2 §2).
 */
export function disclosurePath(options: {
  base: string;
  sectionId: SectionId;
  profileCode?: string | null;
}): string {
  const { base, sectionId, profileCode } = options;
  const section = `${base}/disclosure/${sectionId}`;
  if (profileCode === undefined) return section;
  return profileCode === null
    ? `${section}/profile`
    : `${section}/profile/${encodeURIComponent(profileCode)}`;
}

/**
 * Every disclosure section in order with whether its answers are complete (the proposal page's
 * progress). Additional drivers are complete when every added driver's answers are.
 */
export function listDisclosureSections(options: {
  proposal: Proposal;
  productUrlName: string;
  context: FormContext;
}): DisclosureSectionStatus[] {
  const { proposal, productUrlName, context } = options;
  return SECTION_IDS.map((id) => {
    const { target, inputs } = getSectionInputs(proposal.schemeCode, id);
    const path = disclosurePath({
      base: paths.proposal(productUrlName, proposal.proposalCode),
      sectionId: id,
    });
    if (target === 'additionalProfile') {
      const complete = getParties(proposal).additionalProfiles.every((profile) =>
        isComplete(inputs, profile.data, {
          ...context,
          related: getRelatedAnswers(proposal, profile.profileCode),
        }),
      );
      return { id, isComplete: complete, path };
    }
    const values = getAnswers(proposal, target);
    const related = getRelatedAnswers(proposal);
    return { id, isComplete: isComplete(inputs, values, { ...context, related }), path };
  });
}
