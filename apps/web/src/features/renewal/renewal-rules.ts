import { billedInstalment, type Cover, type Quote } from '@motor/domain';
import type { SectionId } from '../../components/disclosure/sections';
import type { ProductConfig } from '../../lib/brand-products';
import { describeInsuredCar } from '../../lib/policy/policy-facts';
import type { RenewalProposal } from './api/renewal-api';

// The renewal routes' rules (spec 2 §2 "Renewal", §8): which screen a renewal shows, and when
// the renewal pages are not for it at all.

/** The error a renewal in any other status raises (spec 2 §8). */
export class RenewalUnsupportedError extends Error {
  constructor(status: string) {
    super(`Renewal unsupported in status ${status}`);
    this.name = 'RenewalUnsupportedError';
  }
}

/**
 * Whether the renewal pages are usable: the proposal is a renewal (it has a source policy),
 * renewal is not stopped and auto-renewal is enabled (on when unknown); otherwise home.
 */
export function isRenewalOpen(proposal: RenewalProposal): boolean {
  const source = proposal.sourcePolicy;
  if (!source) return false;
  return source.detail.renewalStopped !== true && source.detail.autoRenewalEnabled !== false;
}

type RenewalScreen = 'quote' | 'referral';

/** The index screen of a renewal by status; any other status raises the spec's error. */
export function getRenewalScreen(proposal: Pick<RenewalProposal, 'status'>): RenewalScreen {
  switch (proposal.status) {
    case 'QUOTE':
    case 'POLICY':
      return 'quote';
    case 'REFERRAL':
      return 'referral';
    default:
      throw new RenewalUnsupportedError(proposal.status);
  }
}

/** The disclosure section of each renewal configuration entry that can be edited. */
const EDITABLE_SECTIONS: Partial<Record<ProductConfig['renewal']['sections'][number], SectionId>> =
  {
    // The policy-management summary is read only (its changes are the policy's).
    additionalDrivers: 'additional-drivers',
  };

/** The disclosure sections a renewal of the product can edit (disclosure/{sectionId}/*). */
export function listEditableRenewalSections(product: ProductConfig): SectionId[] {
  return product.renewal.sections.flatMap((section) => EDITABLE_SECTIONS[section] ?? []);
}

/** Whether the renewal's answers can still change: not once it is bought (POLICY). */
export const isRenewalChangeable = (proposal: Pick<RenewalProposal, 'status'>): boolean =>
  proposal.status === 'QUOTE' || proposal.status === 'REFERRAL';

/** The optional covers the renewal offers (available ones). */
export function listRenewalOptionalCovers(proposal: RenewalProposal): Cover[] {
  return proposal.quote.covers.filter(
    (cover) => cover.coverType === 'OPTIONAL' && cover.available !== false,
  );
}

/**
 * What the last month of the quote's term bills when it is paid monthly (the instalment less any
 * promotion that comes off that month: the welcome promotion or a loyalty discount from the 7th,
 * as the invoices and the renewal notice say), else null.
 */
export function monthlyInstalmentOf(
  quote: Pick<
    Quote,
    'availablePaymentSchedules' | 'promotionMonthlyDiscountPence' | 'promotionFromInstalment'
  >,
): number | null {
  const schedule = quote.availablePaymentSchedules.find((item) => item.active);
  return schedule?.type === 'MONTHLY'
    ? billedInstalment(
        schedule.premiumBreakdown.instalmentAmount,
        quote,
        // The term's last month (a schedule read without its count: the first).
        schedule.premiumBreakdown.numberOfInstalments || 1,
      )
    : null;
}

type Answers = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const nameOf = (data: Answers) =>
  [text(data.firstName), text(data.lastName)].filter(Boolean).join(' ');

/** The policyholder's name and the additional drivers' names of the renewal's disclosure. */
export function listRenewalDrivers(proposal: RenewalProposal): {
  policyholder: string;
  additional: { profileCode: string; name: string }[];
} {
  const profiles = proposal.quote.insuredProfiles;
  const holder = profiles.find((profile) => profile.policyholder);
  return {
    policyholder: holder ? nameOf(holder.data as Answers) : '',
    additional: profiles
      .filter((profile) => !profile.policyholder)
      .map((profile) => ({
        profileCode: profile.profileCode,
        name: nameOf(profile.data as Answers),
      })),
  };
}

/** The car of the renewal: its registration as on the plate and its make and model. */
export function describeRenewalCar(proposal: RenewalProposal): {
  registration: string;
  name: string;
} {
  return describeInsuredCar(proposal.quote.insuredAssets);
}
