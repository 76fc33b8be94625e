import {
  formatDisplayDate,
  formatMoney,
  laterFirstDiscountedMonth,
  ordinalOf,
  PRICE_FACTOR_LABELS,
} from '@motor/domain';
import type { RatedSnapshot } from '../../modules/rating';
import type { StoredQuote } from '../adjust-policy/policy-snapshot';
import { emailBody } from '../../modules/notification';

// The renewal e-mails, as plain text (FCA ICOBS 6.5: the renewal notice, at least 21 days
// before, with last year's premium beside this year's; ICOBS 6A.6: how to turn automatic
// renewal off online at any time). Pure: the job fills them in and queues them.

type Email = { subject: string; body: string };

/** A price for a year, with the monthly instalment when paid monthly. */
export type YearPrice = { totalPence: number; monthlyPence: number | null };

export type RenewalNoticeInput = {
  policyNumber: string;
  holderName: string;
  /** The day the new term starts (the current term's expiry). */
  renewsAt: Date;
  lastYear: YearPrice;
  /** Null for a referral: no price can be offered online. */
  thisYear: YearPrice | null;
  /** Readable lines on what moved the price, from priceChanges. */
  changes: string[];
  autoRenewalEnabled: boolean;
  policyPageUrl: string;
  /** Sent again because a change to the policy was made to the renewal offered. */
  updated?: boolean;
};

const UPDATED_LINE =
  'We have updated your renewal with the change just made to your policy, so that it carries on next year.';

const describe = (price: YearPrice) =>
  price.monthlyPence === null
    ? `${formatMoney(price.totalPence)} for the year`
    : `${formatMoney(price.totalPence)} for the year (${formatMoney(price.monthlyPence)} a month)`;

/** A stored quote with what rating recorded beside its prices. */
type RatedStoredQuote = StoredQuote &
  Partial<Pick<RatedSnapshot, 'priceFactors' | 'ratingTableVersion'>>;

/** What moved the price between the last version's quote and the offer, in words. */
export function priceChanges(options: {
  last: RatedStoredQuote;
  offer: RatedSnapshot;
  lastTotalPence: number;
  /** The renewal as rated, when the cap brought it down to the new-business price. */
  cappedFromPence: number | null;
}): string[] {
  const { last, offer, lastTotalPence, cappedFromPence } = options;
  const lines: string[] = [];
  const difference = offer.totalPremium - lastTotalPence;
  if (difference > 0) lines.push(`Your price has gone up by ${formatMoney(difference)}.`);
  else if (difference < 0) lines.push(`Your price has gone down by ${formatMoney(-difference)}.`);
  else lines.push('Your price has not changed.');
  if (last.promoCode) {
    const from = laterFirstDiscountedMonth(last);
    lines.push(
      from === null
        ? 'Last year’s price included a welcome promotion, which does not apply again.'
        : `Last year’s price included a loyalty discount from your ${ordinalOf(from)} month, which does not apply again.`,
    );
  }
  if (offer.ratingTableVersion !== last.ratingTableVersion) {
    lines.push('Our rates for all customers have been updated since your last price.');
  }
  const before = new Map((last.priceFactors ?? []).map((factor) => [factor.name, factor.factor]));
  for (const factor of offer.priceFactors) {
    const old = before.get(factor.name);
    if (old === undefined || old === factor.factor) continue;
    const label = PRICE_FACTOR_LABELS[factor.name] ?? factor.name;
    const way = factor.factor > old ? 'raised' : 'lowered';
    lines.push(`The part of the price for ${label} has ${way} it.`);
  }
  if (cappedFromPence !== null) {
    lines.push(
      `We lowered your price from ${formatMoney(cappedFromPence)} to what a new customer would pay.`,
    );
  }
  return lines;
}

/** The renewal notice, sent when the offer is made (at least 21 days before the renewal). */
export function renewalNotice(input: RenewalNoticeInput): Email {
  const renews = formatDisplayDate(input.renewsAt);
  const updated = input.updated ? [UPDATED_LINE, ''] : [];
  const link = ['Your policy page:', input.policyPageUrl];
  if (input.thisYear === null) {
    return {
      subject: `Your policy ${input.policyNumber}: we need to review your renewal`,
      body: emailBody(input.holderName, [
        ...updated,
        `Your policy ${input.policyNumber} ends on ${renews}.`,
        `Last year's premium: ${describe(input.lastYear)}.`,
        'We need to review your details before we can offer a renewal price, so your policy will not renew automatically.',
        'Please chat with us using Help on your policy page before that date.',
        '',
        ...link,
      ]),
    };
  }
  const autoRenewal = input.autoRenewalEnabled
    ? [
        `Automatic renewal is ON: your policy renews on ${renews} at this year's premium, paid the way you pay now.`,
        'You can turn automatic renewal off online at any time on your policy page.',
      ]
    : [
        `Automatic renewal is OFF: your cover ends on ${renews} unless you renew.`,
        'You can turn automatic renewal on (or off again) online at any time on your policy page.',
      ];
  return {
    subject: `${input.updated ? 'Your renewal has been updated' : 'Your renewal'}: policy ${input.policyNumber} renews on ${renews}`,
    body: emailBody(input.holderName, [
      ...updated,
      `Your policy ${input.policyNumber} is due for renewal on ${renews}.`,
      '',
      `Last year's premium: ${describe(input.lastYear)}`,
      `This year's premium: ${describe(input.thisYear)}`,
      '',
      'What changed:',
      ...input.changes.map((line) => `- ${line}`),
      '',
      'This price is no higher than we would charge a new customer with the same details for the same cover.',
      '',
      ...autoRenewal,
      '',
      ...link,
    ]),
  };
}

/** The reminder before cover ends without renewal (opted out, or renewal stopped). */
export function coverEndingReminder(input: {
  policyNumber: string;
  holderName: string;
  endsAt: Date;
  /** False when only staff can renew it (renewal stopped, or referred). */
  canOptIn: boolean;
  policyPageUrl: string;
}): Email {
  const ends = formatDisplayDate(input.endsAt);
  return {
    subject: `Your cover ends on ${ends}: policy ${input.policyNumber}`,
    body: emailBody(input.holderName, [
      `Your policy ${input.policyNumber} will not renew: your cover ends on ${ends}.`,
      'You must not drive the car after that date unless it is insured.',
      input.canOptIn
        ? 'If you want to keep your cover, turn automatic renewal on online on your policy page before then.'
        : 'If you want to keep your cover, please chat with us using Help on your policy page before then.',
      '',
      'Your policy page:',
      input.policyPageUrl,
    ]),
  };
}
