import type { RatedSnapshot } from '../../modules/rating';

// The price of a renewal offer under FCA ICOBS 6B (PS21/5): a renewing customer is never asked
// more than the equivalent new-business price, i.e. what a new customer with the same facts
// would be quoted through the same channel for the same cover and start. Both ratings are
// recorded beside the offer, so the cap can be shown to have held.

/** The figures kept with a renewal proposal (pence, with IPT; null when not priced). */
export type RenewalPricing = {
  /** The renewal as rated for the renewing customer, before the cap. */
  renewalRatedPence: number | null;
  /** The equivalent new-business price. */
  newBusinessPence: number | null;
  /** What the customer is offered: never above the new-business price. */
  offeredPence: number | null;
};

/** The priced part of a snapshot: what the cap takes from the new-business rating. */
const PRICED_FIELDS = [
  'premium',
  'taxAmount',
  'totalPremium',
  'covers',
  'paymentSchedules',
  'excess',
  'endorsements',
  'priceFactors',
  'priceTrace',
  'ratingTableVersion',
] as const satisfies readonly (keyof RatedSnapshot)[];

const isPriced = (snapshot: RatedSnapshot) =>
  snapshot.ratingStatus === 'QUOTE' && snapshot.paymentSchedules.length > 0;

/**
 * The offer: the renewal's own rating, or, when that is dearer than the equivalent new-business
 * rating, the new-business rating's prices (a whole priced quote for the same facts, so its
 * schedules and instalments stay consistent). A referral or a rating that could not run keeps
 * its status and has no price to cap.
 */
export function capRenewalOffer(options: { renewal: RatedSnapshot; newBusiness: RatedSnapshot }): {
  snapshot: RatedSnapshot;
  pricing: RenewalPricing;
} {
  const { renewal, newBusiness } = options;
  if (!isPriced(renewal)) {
    const none = { renewalRatedPence: null, newBusinessPence: null, offeredPence: null };
    return { snapshot: renewal, pricing: none };
  }
  const renewalRatedPence = renewal.totalPremium;
  const newBusinessPence = isPriced(newBusiness) ? newBusiness.totalPremium : null;
  if (newBusinessPence === null || renewalRatedPence <= newBusinessPence) {
    return {
      snapshot: renewal,
      pricing: { renewalRatedPence, newBusinessPence, offeredPence: renewalRatedPence },
    };
  }
  const capped: RatedSnapshot = { ...renewal };
  for (const field of PRICED_FIELDS) Object.assign(capped, { [field]: newBusiness[field] });
  return {
    snapshot: capped,
    pricing: { renewalRatedPence, newBusinessPence, offeredPence: newBusinessPence },
  };
}
