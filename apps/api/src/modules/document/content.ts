import { brandOfScheme } from '../brand';
import { formatRegistration } from '@motor/forms';
import {
  billedInstalment,
  describePolicyTerm,
  describeVehicle as nameVehicle,
  formatDisplayDate,
  formatMoney,
  laterFirstDiscountedMonth,
  listBilledMonths,
  londonTimeString,
  ordinalOf,
  type PromotionTerms,
  type Quote,
} from '@motor/domain';
import type { PdfContent } from './pdf';
import { getSchemeFacts } from '../disclosure';
import { buildProductDocument, type ProductDocumentType } from './product-documents';

// What each document says, from the policy's own data (never placeholders). Product documents
// depend only on scheme, wording version and insurer, so they are rendered once per triple.

export type PolicyDocumentData = {
  policyNumber: string;
  schemeCode: string;
  /** When this version's cover takes effect: the policy's inception, or a later change's start. */
  inceptedAt: Date;
  /** When the policy's cover began (its first version's), from which its months are billed. */
  policyIncepted: Date;
  expiredAt: Date;
  createdAt: Date;
  quote: Quote & { availablePaymentSchedules: Quote['availablePaymentSchedules'] };
};

type Answers = Record<string, unknown>;

function schemeName(schemeCode: string): string {
  const { schemes } = brandOfScheme(schemeCode).config;
  return schemes.find((scheme) => scheme.schemeCode === schemeCode)?.name ?? schemeCode;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function describePolicyholder(quote: Quote): { name: string; address: string } {
  const profile = quote.insuredProfiles.find((item) => item.policyholder);
  const data = (profile?.data ?? {}) as Answers;
  const address = (data.address ?? {}) as Answers;
  return {
    name: [text(data.firstName), text(data.lastName)].filter(Boolean).join(' '),
    address: [address.line1, address.line2, address.city, address.postalCode]
      .map(text)
      .filter(Boolean)
      .join(', '),
  };
}

function coreAssetAnswers(quote: Quote): Answers {
  const asset = quote.insuredAssets.find((item) => item.coreAsset) ?? quote.insuredAssets[0];
  return (asset?.data ?? {}) as Answers;
}

/**
 * The car as a certificate names it: the mark with its space ('BM24 XYZ') and the whole car
 * ('2024 BMW 3 Series 320i M Sport').
 */
function describeVehicle(
  quote: Quote,
  schemeCode: string,
): { registration: string; description: string } {
  const vehicle = coreAssetAnswers(quote).vehicle as Answers | undefined;
  const spec = (vehicle?.specification ?? {}) as Answers;
  const year = typeof spec.year === 'number' ? String(spec.year) : '';
  const mark = text(vehicle?.vrn) || text(spec.vrn);
  return {
    registration: mark
      ? formatRegistration(mark, brandOfScheme(schemeCode).formFormats.vehicleRegistration)
      : '',
    description: [year, nameVehicle(spec)].filter(Boolean).join(' '),
  };
}

/** The certificate's limitations as to use, from the class of use the customer disclosed. */
function describeUse(quote: Quote, schemeCode: string): string {
  const usage = text(coreAssetAnswers(quote).usage);
  const limitation = brandOfScheme(schemeCode).documentCopy.useLimitations[usage];
  if (!limitation) throw new Error(`No limitation of use worded for the class of use '${usage}'`);
  return limitation;
}

/** Commencement as the law asks for it: date and time, London time ('02 Mar 2026 at 09:00'). */
function formatCommencement(instant: Date): string {
  return `${formatDisplayDate(instant)} at ${londonTimeString(instant)}`;
}

/** What a monthly payment says when a promotion takes part of some of them off. */
const afterThePromotion = (quote: PromotionTerms) =>
  quote.promotionMonthlyDiscountPence ? ', after the promotion' : '';

/** A version that takes effect after the policy began: a change made mid-term. */
const isMidTerm = (data: PolicyDocumentData) => data.inceptedAt > data.policyIncepted;

/** Runs of months that bill the same, in order: [count, pence]. */
function runsOf(amounts: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const amount of amounts) {
    const last = runs.at(-1);
    if (last && last[1] === amount) last[0] += 1;
    else runs.push([1, amount]);
  }
  return runs;
}

const payments = (count: number) => (count === 1 ? 'monthly payment' : 'monthly payments');

/**
 * '12 monthly payments of £84.94', or the first apart when it takes the odd pennies, or the months
 * before a loyalty discount apart from those after it: what each month bills by its number, so a
 * promotion's discount is taken off the months billing takes it off.
 */
function describeMonthlyPayments(
  breakdown: { deposit: number; instalmentAmount: number; numberOfInstalments: number },
  quote: PromotionTerms,
): string {
  const { numberOfInstalments } = breakdown;
  const amounts = Array.from({ length: Math.max(1, numberOfInstalments) }, (_, index) =>
    billedInstalment(
      index === 0 ? breakdown.deposit : breakdown.instalmentAmount,
      quote,
      index + 1,
    ),
  );
  const runs = runsOf(amounts);
  const promoted = afterThePromotion(quote);
  const [first, ...later] = runs;
  if (!first || later.length === 0 || numberOfInstalments < 2) {
    return `${numberOfInstalments} monthly payments of ${formatMoney(amounts.at(-1) ?? 0)}${promoted}`;
  }
  const opening =
    first[0] === 1
      ? `A first payment of ${formatMoney(first[1])}`
      : `${first[0]} ${payments(first[0])} of ${formatMoney(first[1])}`;
  const rest = later.map(
    ([count, amount]) => `then ${count} ${payments(count)} of ${formatMoney(amount)}`,
  );
  return `${[opening, ...rest].join(', ')}${promoted}`;
}

/**
 * A change's schedule, mid-term: the month it starts in was billed at the old price (the
 * difference goes on the next bill), so the new price is paid by the months after it: '9 further
 * monthly payments of £72.40', not the whole term's twelve (those before a loyalty discount apart
 * from those after it).
 */
function describeLaterMonthlyPayments(
  data: PolicyDocumentData,
  breakdown: { instalmentAmount: number },
): string {
  const months = (now: Date) =>
    listBilledMonths({ inceptedAt: data.policyIncepted, expiredAt: data.expiredAt, now }).length;
  const all = months(data.expiredAt);
  const billed = months(data.inceptedAt);
  const amounts = Array.from({ length: Math.max(0, all - billed) }, (_, index) =>
    billedInstalment(breakdown.instalmentAmount, data.quote, billed + index + 1),
  );
  const runs = runsOf(amounts);
  const promoted = afterThePromotion(data.quote);
  const [first, ...later] = runs;
  const further = first
    ? [
        `${first[0]} further ${payments(first[0])} of ${formatMoney(first[1])}`,
        ...later.map(
          ([count, amount]) => `then ${count} ${payments(count)} of ${formatMoney(amount)}`,
        ),
      ].join(', ')
    : `0 further monthly payments of ${formatMoney(breakdown.instalmentAmount)}`;
  return `From ${formatDisplayDate(data.inceptedAt)}: ${further}${promoted}. The difference for the rest of the month this change starts in is on your next bill.`;
}

/** The promotion's row of the schedule: how much comes off, and from which month when not all. */
function describePromotion(discountPence: number, quote: PromotionTerms) {
  const from = laterFirstDiscountedMonth(quote);
  const months = from === null ? '' : ` from the ${ordinalOf(from)} month of cover`;
  return `Up to ${formatMoney(discountPence)} off each monthly payment${months}`;
}

/** How the premium is paid; a free cover (Driveaway) has no payment to describe. */
function describePayment(
  data: PolicyDocumentData,
  schedule: Quote['availablePaymentSchedules'][number],
) {
  const { quote } = data;
  if (quote.totalPremium === 0) return 'Nothing to pay: this cover is free';
  if (schedule.type !== 'MONTHLY') return `One payment of ${formatMoney(quote.totalPremium)}`;
  return isMidTerm(data)
    ? describeLaterMonthlyPayments(data, schedule.premiumBreakdown)
    : describeMonthlyPayments(schedule.premiumBreakdown, quote);
}

function coverName(schemeCode: string, code: string): string {
  return brandOfScheme(schemeCode).documentCopy.coverDisplayNames[code] ?? code;
}

function excessName(schemeCode: string, category: string): string {
  return brandOfScheme(schemeCode).documentCopy.excessCategoryDisplayNames[category] ?? category;
}

function drivers(quote: Quote): string {
  return quote.insuredProfiles
    .map((profile) => {
      const data = profile.data as Answers;
      return [text(data.firstName), text(data.lastName)].filter(Boolean).join(' ');
    })
    .filter(Boolean)
    .join(', ');
}

/**
 * The driving-other-cars entitlement, printed when the policy includes that cover (Flex does,
 * Driveaway does not): the words of the cover's own page, as a certificate states them.
 */
const DRIVE_OTHER_CARS =
  'The policyholder may also drive a private motor car not belonging to them and not hired to ' +
  "them under a hire-purchase or leasing agreement, with the owner's consent, for third-party " +
  'cover only.';

function entitledToDrive(quote: Quote): string {
  const named = `Any of the following: ${drivers(quote)}.`;
  const doc = quote.covers.some((cover) => cover.code === 'drive_other_cars' && cover.active);
  return doc ? `${named} ${DRIVE_OTHER_CARS}` : named;
}

const CERTIFY =
  'I hereby certify that the policy to which this certificate relates satisfies the ' +
  'requirements of the relevant law applicable in Great Britain, Northern Ireland, the Isle of ' +
  'Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney.';

export function certificateContent(data: PolicyDocumentData): PdfContent {
  const holder = describePolicyholder(data.quote);
  const vehicle = describeVehicle(data.quote, data.schemeCode);
  return {
    title: 'Certificate of Motor Insurance',
    subtitle: `${schemeName(data.schemeCode)} — certificate number ${data.policyNumber}`,
    createdAt: data.createdAt,
    sections: [
      {
        rows: [
          ['1. Registration mark of vehicle', vehicle.registration],
          ['   Vehicle', vehicle.description],
          ['2. Name of policyholder', holder.name],
          [
            '3. Effective date and time of the commencement of insurance',
            formatCommencement(data.inceptedAt),
          ],
          ['4. Date of expiry of insurance', formatDisplayDate(data.expiredAt)],
          ['   Term', describePolicyTerm(getSchemeFacts(data.schemeCode))],
          ['5. Persons or classes of persons entitled to drive', entitledToDrive(data.quote)],
          ['6. Limitations as to use', describeUse(data.quote, data.schemeCode)],
          ['Policy number', data.policyNumber],
          ['Authorised insurer', text(data.quote.mainInsurer)],
        ],
      },
      { paragraphs: [CERTIFY] },
    ],
    footer: 'Keep this certificate safe: you may need to show it to the police.',
  };
}

export function scheduleContent(data: PolicyDocumentData): PdfContent {
  const { quote } = data;
  const holder = describePolicyholder(quote);
  const vehicle = describeVehicle(quote, data.schemeCode);
  const schedule = quote.availablePaymentSchedules.find((item) => item.active);
  const covers = quote.covers
    .filter((cover) => cover.active)
    .map((cover) => coverName(data.schemeCode, cover.code));
  return {
    title: 'Policy Schedule',
    subtitle: `${schemeName(data.schemeCode)} — policy number ${data.policyNumber}`,
    createdAt: data.createdAt,
    sections: [
      {
        heading: 'You and your car',
        rows: [
          ['Policyholder', holder.name],
          ['Address', holder.address],
          ['Registration', vehicle.registration],
          ['Vehicle', vehicle.description],
          ['Drivers', drivers(quote)],
        ],
      },
      {
        heading: 'Period of cover',
        rows: [
          ['From', formatCommencement(data.inceptedAt)],
          ['To', formatDisplayDate(data.expiredAt)],
          ['Insurer', text(quote.mainInsurer)],
          ['Policy wording version', text(quote.wordingVersion)],
        ],
      },
      { heading: 'Covers', paragraphs: [covers.join(', ') || 'None'] },
      {
        heading: 'Excess',
        rows: quote.excess.map(
          (line) =>
            [excessName(data.schemeCode, line.excessCategory), formatMoney(line.excess)] as const,
        ),
        paragraphs: quote.excess.length === 0 ? ['No excess applies.'] : [],
      },
      {
        // A change's version is priced for a year at its rates, though it takes effect mid-term.
        heading: isMidTerm(data)
          ? `Premium: a year's price at the rates from ${formatDisplayDate(data.inceptedAt)}`
          : 'Premium',
        rows: [
          ['Premium', formatMoney(quote.premium)],
          ['Insurance premium tax', formatMoney(quote.taxAmount)],
          ['Total', formatMoney(quote.totalPremium)],
          ...(schedule?.type === 'MONTHLY' && quote.promotionMonthlyDiscountPence
            ? [
                [
                  'Promotion',
                  describePromotion(quote.promotionMonthlyDiscountPence, quote),
                ] as const,
              ]
            : []),
          ...(schedule ? [['Payment', describePayment(data, schedule)] as const] : []),
        ],
      },
      ...(quote.endorsements.length > 0
        ? [
            {
              heading: 'Endorsements',
              paragraphs: quote.endorsements.map((item) => `${item.code}: ${item.text ?? ''}`),
            },
          ]
        : []),
    ],
  };
}

export type { ProductDocumentType } from './product-documents';

/** A product document as a PDF: the same words as its page under /content/documents. */
export function productContent(options: {
  doc: ProductDocumentType;
  schemeCode: string;
  wordingVersion: string;
  insurer: string;
  createdAt: Date;
}): PdfContent {
  const document = buildProductDocument(options);
  return {
    title: document.title,
    subtitle: document.subtitle,
    createdAt: options.createdAt,
    sections: [
      { paragraphs: document.intro },
      ...document.sections.map((section) => ({
        heading: section.heading,
        paragraphs: section.items.map((item) => `• ${item}`),
      })),
    ],
    footer: `${document.title}, ${schemeName(options.schemeCode)}, version ${options.wordingVersion}.`,
  };
}
