import {
  canIssueNoClaimsLetter,
  formatDisplayDate,
  getClaimFreePeriod,
  getVersionInForceAt,
  toLondonDay,
} from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import { brandOfScheme } from '../brand';
import { listClaimsOfPolicy } from '../claim';
import { derivePolicyStatus, listPolicyVersions, type PolicyRow } from '../policy';
import { describePolicyholder } from './content';
import type { PdfContent } from './pdf';

// Proof of no claims (issue 17 item 6): once cover has ended, a letter the next insurer can read
// for the no-claims discount — who was covered, from when to when, the claims made during cover
// and the whole years without one at the end of cover.

export const NO_CLAIMS_LETTER_NOT_YET_MESSAGE =
  'Your proof of no claims is available once your cover has ended.';

const ENDINGS = {
  LAPSED: 'The policy ended on its expiry date.',
  RENEWED: 'The policy was renewed with us at its expiry date.',
  CANCELLED: 'The policy was cancelled.',
} as const;

/** 'FireDamage' → 'fire damage'. */
const describeClaimType = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const years = (count: number) => (count === 1 ? '1 year' : `${count} years`);
const dayText = (day: string) => formatDisplayDate(`${day}T12:00:00.000Z`);

/** The letter's content, or 409 while cover has not ended. Claims are read as they are now. */
export async function buildNoClaimsLetter(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  policy: PolicyRow,
): Promise<{ content: PdfContent; version: string }> {
  const now = deps.clock.now();
  const status = derivePolicyStatus({ ...policy, now });
  if (!canIssueNoClaimsLetter(status)) {
    throw new AppError('CONFLICT', NO_CLAIMS_LETTER_NOT_YET_MESSAGE);
  }
  const ended = policy.terminatedAt ?? policy.expiredAt;
  const coverEnd = ended.getTime() < policy.expiredAt.getTime() ? ended : policy.expiredAt;
  const versions = await listPolicyVersions(deps.db, policy.policyId);
  const inForce = getVersionInForceAt(versions, coverEnd) ?? versions.at(-1);
  const quote = inForce?.quote;
  const holder = quote ? describePolicyholder(quote) : { name: '', address: '' };
  const claims = await listClaimsOfPolicy(deps.db, policy.policyId);
  const period = getClaimFreePeriod({
    coverStart: policy.firstInceptedAt,
    coverEnd,
    claimDays: claims.map((claim) => claim.occurredDate),
  });
  const brand = brandOfScheme(policy.schemeCode);
  const scheme = brand.config.schemes.find((item) => item.schemeCode === policy.schemeCode);
  const { insurer, intermediary } = brand.documentCopy.legalEntities;
  const firstDay = toLondonDay(policy.firstInceptedAt);
  const during = claims
    .filter((claim) => claim.occurredDate >= firstDay && claim.occurredDate <= period.to)
    .reverse(); // oldest first
  const content: PdfContent = {
    title: 'Proof of No Claims',
    subtitle: `${scheme?.name ?? policy.schemeCode} — policy number ${policy.policyNumber}`,
    createdAt: now,
    sections: [
      {
        heading: 'Policyholder',
        rows: [
          ['Name', holder.name],
          ['Address', holder.address],
        ],
      },
      {
        heading: 'Cover',
        rows: [
          ['Policy number', policy.policyNumber],
          ['Insurer', quote?.mainInsurer ?? insurer.name],
          ['Cover started', formatDisplayDate(policy.firstInceptedAt)],
          ['Cover ended', formatDisplayDate(coverEnd)],
          ['How it ended', ENDINGS[status as keyof typeof ENDINGS]],
        ],
      },
      {
        heading: 'Claims',
        rows: [
          ['Claims made during this cover', String(period.claimsDuringCover)],
          ...during.map((claim): [string, string] => [
            `Claim ${claim.claimReference}`,
            `${dayText(claim.occurredDate)}, ${describeClaimType(claim.claimType)}`,
          ]),
          [
            'Years without a claim at the end of cover',
            `${years(period.years)} (from ${dayText(period.from)} to ${dayText(period.to)})`,
          ],
        ],
      },
      {
        paragraphs: [
          `We confirm that the policyholder named above was insured under this policy for the dates shown, and that ${
            period.claimsDuringCover === 0
              ? 'no claims were made during that time'
              : 'the claims listed above were made during that time'
          }. You may give this letter to another insurer as proof of your no-claims history.`,
          insurer.statement,
          intermediary.statement,
        ],
      },
    ],
    footer: `${intermediary.name}, ${intermediary.address}`,
  };
  // The stored letter is named by what it says, so a corrected claim gives a new letter.
  const version = `${period.from}-${period.to}-${period.claimsDuringCover}`;
  return { content, version };
}
