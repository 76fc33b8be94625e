import type { Cover, OptionalCoverCode, PaymentSchedule } from '@motor/domain';
import { describeVehicle, OPTIONAL_COVER_CODES } from '@motor/domain';
import type { ProductConfig } from '../../lib/brand-products';
import type { Proposal } from './api/get-proposal';

// Pure reading of a proposal for the quote pages (spec 2 §2); no I/O, tested on their own.

type Data = Record<string, unknown>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The policyholder's answers (empty when none yet). */
export function getPolicyholderData(proposal: Proposal): Data {
  return proposal.quote.insuredProfiles.find((profile) => profile.policyholder)?.data ?? {};
}

/** The insured car's answers (empty when none yet). */
function getCoreAssetData(proposal: Proposal): Data {
  return proposal.quote.insuredAssets.find((asset) => asset.coreAsset)?.data ?? {};
}

export function getCoreAssetCode(proposal: Proposal): string {
  return proposal.quote.insuredAssets.find((asset) => asset.coreAsset)?.assetCode ?? 'car';
}

type VehicleAnswer = {
  vrn?: string | null;
  specification?: { make?: string; model?: string; engineLabel?: string; trim?: string } | null;
  /** The server's word that the typed registration's car replaced the one chosen. */
  lookupNotice?: string | null;
};

/** The disclosed vehicle answer, when there is one. */
export function getVehicle(proposal: Proposal): VehicleAnswer | null {
  const vehicle = getCoreAssetData(proposal).vehicle;
  return typeof vehicle === 'object' && vehicle !== null ? (vehicle as VehicleAnswer) : null;
}

/** 'BMW 3 Series 320i M Sport' from the vehicle specification, or null. */
export function getVehicleName(proposal: Proposal): string | null {
  const name = describeVehicle(getVehicle(proposal)?.specification ?? null);
  return name === '' ? null : name;
}

/** 'Jane Smith', or null while the name is not disclosed. */
export function getPolicyholderName(proposal: Proposal): string | null {
  const { firstName, lastName } = getPolicyholderData(proposal);
  const name = [firstName, lastName].filter((part) => typeof part === 'string' && part !== '');
  return name.length > 0 ? name.join(' ') : null;
}

/** The name the vehicle registration gets in the confirmation modal when it is not yet defined. */
export const VEHICLE_REGISTRATION_INPUT = 'vehicleRegistration';

/**
 * What the proposal-confirmation modal asks for: each input of the product's
 * proposalConfirmation list without an answer (vehicle on the car, the rest on the
 * policyholder), then the vehicle registration when the car was chosen without one.
 */
export function getMissingConfirmation(proposal: Proposal, product: ProductConfig): string[] {
  const car = getCoreAssetData(proposal);
  const driver = getPolicyholderData(proposal);
  const missing = product.proposalConfirmation.filter((name) =>
    isEmpty(name === 'vehicle' ? car.vehicle : driver[name]),
  );
  const vehicle = getVehicle(proposal);
  if (vehicle && isEmpty(vehicle.vrn)) missing.push(VEHICLE_REGISTRATION_INPUT);
  return missing;
}

/** The active payment schedule; a proposal without one is an error (spec 1 §4). */
export function getActiveSchedule(proposal: Proposal): PaymentSchedule {
  const schedule = proposal.quote.availablePaymentSchedules.find((candidate) => candidate.active);
  if (!schedule) throw new Error('No active payment schedule');
  return schedule;
}

/** Optional covers the customer may add (an unavailable one, e.g. NCB protection, is left out). */
export function getAvailableOptionalCovers(proposal: Proposal): Cover[] {
  return proposal.quote.covers.filter(
    (cover) => cover.coverType === 'OPTIONAL' && cover.available !== false,
  );
}

export function isOptionalCoverCode(code: string): code is OptionalCoverCode {
  return (OPTIONAL_COVER_CODES as readonly string[]).includes(code);
}

/** Decisions already made: the requested optional covers, by code (true = added). */
export function getCoverDecisions(proposal: Proposal): Partial<Record<OptionalCoverCode, boolean>> {
  return { ...proposal.quote.requestedOptionalCovers };
}

export type ContinueLabel = 'continue' | 'activePromo' | 'inactivePromo';

/**
 * The continue label: no promotion → continue; a promotion that takes money off the schedule →
 * active-promo; a promotion that does not apply to this price → inactive-promo.
 */
export function getContinueLabel(proposal: Proposal): ContinueLabel {
  if (!proposal.promoCode) return 'continue';
  const schedule = proposal.quote.availablePaymentSchedules.find((candidate) => candidate.active);
  const total = schedule?.premiumBreakdown.totalPremium ?? proposal.quote.totalPremium;
  return proposal.quote.totals.discounted < total ? 'activePromo' : 'inactivePromo';
}

export type NextStep = 'add-ons' | 'summary';

/**
 * After a clear ID check: add-ons when covers can be added, else the summary. Every customer,
 * signed in or not, sees the summary and accepts its agreements before verify, account and
 * checkout (spec 2 §2 and §4, issue 13).
 */
export function getStepAfterConfiguration(options: { hasOptionalCovers: boolean }): NextStep {
  return options.hasOptionalCovers ? 'add-ons' : 'summary';
}

/** The disclosure section a missing rating answer is asked in (for the insufficient page). */
export function getSectionOfMissing(path: string): string {
  if (path.startsWith('quote.')) return 'before-we-begin';
  if (path === 'mainDriver.ncdYears') return 'your-cover';
  if (path.startsWith('mainDriver.')) return 'about-you';
  return 'your-car';
}

/** Whether the quote-level eligibility confirmation is still to be given. */
export function isEligibilityUnconfirmed(proposal: Proposal): boolean {
  return proposal.quote.data.eligibilityConfirmed !== true;
}
