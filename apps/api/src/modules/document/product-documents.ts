import { PRODUCT_DOCUMENT_TYPES } from '@motor/contract';
import { describePolicyTerm, formatMoney } from '@motor/domain';
import { brandOfScheme, type LegalEntities } from '../brand';
import { getSchemeFacts, type SchemeFacts } from '../disclosure';

// The product documents (spec 3 §7: by scheme, wording version, cover and insurer), written from
// the scheme's own configuration so that what they say is what the quote sells: the covers, the
// excesses, the term, how it is paid and how it is cancelled. One source for the HTML pages under
// /content/documents and for the PDFs a policy's documents route gives.

export type ProductDocumentType = (typeof PRODUCT_DOCUMENT_TYPES)[number];

const PRODUCT_DOCUMENT_TITLES: Record<ProductDocumentType, string> = {
  ipid: 'Insurance Product Information Document',
  'policy-wording': 'Policy Wording',
  'legal-ipid': 'Legal Expenses Insurance Product Information Document',
  'legal-wording': 'Legal Expenses Policy Wording',
  'business-terms': 'Terms of Business',
};

/** A document as headed sections of paragraphs (list items render as bullets). */
export type ProductDocument = {
  title: string;
  subtitle: string;
  intro: string[];
  sections: { heading: string; items: string[] }[];
};

function schemeName(schemeCode: string): string {
  const { schemes } = brandOfScheme(schemeCode).config;
  return schemes.find((scheme) => scheme.schemeCode === schemeCode)?.name ?? schemeCode;
}

function coverName(schemeCode: string, code: string): string {
  return brandOfScheme(schemeCode).documentCopy.coverDisplayNames[code] ?? code;
}

/** The compulsory excesses of the rating table in force for the scheme (the latest version). */
function compulsoryExcess(schemeCode: string): string[] {
  const table = brandOfScheme(schemeCode).ratingTables.at(-1);
  const scheme = table?.schemes[schemeCode];
  return (scheme?.compulsoryExcess ?? []).map(
    (line) =>
      `${line.excessCategory
        .toLowerCase()
        .replaceAll('_', ' ')
        .replace(/^./, (c) => c.toUpperCase())}: ${formatMoney(line.excessPence)}`,
  );
}

/** The term as the quote, home and certificate word it, then what it means. */
function describeTerm(facts: SchemeFacts): string {
  const term = `Term: ${describePolicyTerm(facts)}.`;
  if (facts.productKind === 'DRIVEAWAY') {
    return `${term} Cover starts on the date and time shown on your certificate and then ends.`;
  }
  return `${term} Cover starts on the date and time shown on your certificate. It renews at the end of each term unless you or we stop it: we write to you at least 21 days before the renewal date with the new price, and you can turn auto-renewal off online at any time.`;
}

function describePayment(facts: SchemeFacts): string {
  if (facts.productKind === 'DRIVEAWAY') {
    return 'Driveaway cover is free: there is nothing to pay and no payment details are needed.';
  }
  return 'You pay monthly: the first payment by card when you buy, then 11 monthly payments by Direct Debit on your chosen payment day. The first payment may be a few pence more than the others so that the 12 add up exactly to the price for the year. Insurance premium tax (12%) is included.';
}

/**
 * What cancelling gives back, from the product's cancellation config — the rule the app's
 * cancel page and refund follow (issue 31 item 12): inside the cooling-off period everything
 * paid, cover stopping at once; after it the days not covered.
 */
function describeCancellingRefund(schemeCode: string): string {
  const { cancellation } = brandOfScheme(schemeCode).getProductConfig(schemeCode);
  const right =
    cancellation.type === 'CoolingOff'
      ? { days: cancellation.days ?? 14, countedFrom: cancellation.countedFrom ?? 'Inception' }
      : cancellation.coolingOff;
  const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
  const later = `you can cancel at any time, effective from the day you choose (up to ${days(cancellation.daysToDefer ?? 1)} ahead); you pay only for the days you were covered and we refund the rest. There is no cancellation fee.`;
  if (!right) return `You ${later}`;
  const from = right.countedFrom === 'Bind' ? 'the day you bought it' : 'the day your cover starts';
  return `You may cancel within ${days(right.days)} of ${from} (the cooling-off period): your cover stops straight away and you get back everything you have paid. After that ${later}`;
}

function motorIpid(
  facts: SchemeFacts,
  insurer: string,
  legalEntities: LegalEntities,
): ProductDocument['sections'] {
  const driveaway = facts.productKind === 'DRIVEAWAY';
  return [
    {
      heading: 'What is this type of insurance?',
      items: [
        driveaway
          ? 'Short-term comprehensive motor insurance for 5 days for a new car you collect from one of our retailers.'
          : 'Comprehensive motor insurance for your car, sold as a monthly subscription, meeting the requirements of the Road Traffic Act 1988.',
      ],
    },
    {
      heading: 'What is insured?',
      items: facts.includedCovers.map((code) => coverName(facts.schemeCode, code)),
    },
    {
      heading: 'What is not insured?',
      items: [
        'The excess for each claim (see "Are there any restrictions on cover?").',
        'Wear and tear, mechanical, electrical or computer breakdown.',
        'Loss of value after repair, and loss of use of the car.',
        'Any driving not allowed by your certificate: drivers not named, or use other than the class of use you chose.',
        'Driving while over the legal limit for alcohol or drugs.',
        'Theft when the keys were left in or on the car.',
        ...(facts.optionalCovers.length > 0
          ? [
              `Optional covers you did not add: ${facts.optionalCovers.map((code) => coverName(facts.schemeCode, code)).join(', ')}.`,
            ]
          : []),
      ],
    },
    {
      heading: 'Are there any restrictions on cover?',
      items: [
        ...compulsoryExcess(facts.schemeCode).map((line) => `Compulsory excess — ${line}.`),
        'An extra £150 excess applies while a driver is under 25, and an extra £50 while a driver has held a licence for under a year.',
        ...(facts.voluntaryExcessOptions.length > 1
          ? [
              `You may add a voluntary excess of ${facts.voluntaryExcessOptions
                .map((pence) => formatMoney(pence, { style: 'short' }))
                .join(
                  ', ',
                )}, which lowers the price and is added to each accidental damage, fire and theft claim.`,
            ]
          : []),
        `Up to ${facts.maxAdditionalProfiles} named drivers besides you, each aged 17 to 85.`,
        'The car must be right-hand drive and under 19 years old.',
      ],
    },
    {
      heading: 'Where am I covered?',
      items: [
        'Great Britain, Northern Ireland, the Isle of Man and the Channel Islands.',
        ...(facts.includedCovers.includes('foreign_travel')
          ? [
              'The European Union, for trips of up to 90 days in total in a year, with the same cover as at home.',
            ]
          : ['Outside the UK, only the minimum cover the law of each EU country requires.']),
      ],
    },
    {
      heading: 'What are my obligations?',
      items: [
        'Answer every question honestly and with reasonable care, and check the details on your certificate and schedule.',
        'Tell us straight away if anything you told us changes: your address, the car, its use, drivers, or any conviction, claim or medical condition the DVLA must know about.',
        'Keep the car roadworthy, taxed and with a valid MOT, and keep it secure.',
        'Report any accident, loss or damage to us as soon as you can, and do not admit fault or agree to pay anyone.',
      ],
    },
    { heading: 'When and how do I pay?', items: [describePayment(facts)] },
    { heading: 'When does the cover start and end?', items: [describeTerm(facts)] },
    {
      heading: 'How do I cancel the contract?',
      items: [
        'Cancel online from your policy page, or tell us using Help (chat).',
        driveaway
          ? 'Driveaway cover is free, so there is nothing to refund.'
          : describeCancellingRefund(facts.schemeCode),
      ],
    },
    {
      heading: 'Who provides this insurance?',
      items: [
        `${insurer}. ${legalEntities.insurer.statement}`,
        legalEntities.intermediary.statement,
      ],
    },
  ];
}

function legalIpid(legalEntities: LegalEntities): ProductDocument['sections'] {
  return [
    {
      heading: 'What is this type of insurance?',
      items: [
        'Motor legal expenses insurance: it pays the legal costs of recovering your losses after a road accident that was not your fault.',
      ],
    },
    {
      heading: 'What is insured?',
      items: [
        'Legal costs up to £100,000 for each claim, to recover uninsured losses such as your excess, loss of earnings, injury compensation and travel costs.',
        'No excess applies.',
      ],
    },
    {
      heading: 'What is not insured?',
      items: [
        'Claims where the accident was your fault, or where you are more likely to lose than win.',
        'Costs you agreed to before we accepted your claim.',
        'Fines, penalties and the defence of motoring offences.',
      ],
    },
    {
      heading: 'Are there any restrictions on cover?',
      items: [
        'The accident must happen during the period of your motor policy.',
        'Report the claim within 180 days of the accident.',
      ],
    },
    {
      heading: 'Where am I covered?',
      items: ['The United Kingdom, and the European Union for accidents abroad.'],
    },
    {
      heading: 'What are my obligations?',
      items: [
        'Tell us about a claim as soon as you can, and follow the advice of the lawyer we appoint.',
      ],
    },
    {
      heading: 'When and how do I pay?',
      items: [
        'Its price is added to your monthly motor insurance payments, and shown as its own line in your quote.',
      ],
    },
    {
      heading: 'When does the cover start and end?',
      items: ['It starts and ends with your motor policy.'],
    },
    {
      heading: 'How do I cancel the contract?',
      items: [
        'Remove it online from your policy page or cancel it using Help (chat); you pay only for the days it covered.',
      ],
    },
    {
      heading: 'Who provides this insurance?',
      items: [
        `${legalEntities.legalExpensesInsurer.name}. ${legalEntities.legalExpensesInsurer.statement}`,
        legalEntities.intermediary.statement,
      ],
    },
  ];
}

function motorWording(
  facts: SchemeFacts,
  insurer: string,
  legalEntities: LegalEntities,
): ProductDocument['sections'] {
  const ipid = motorIpid(facts, insurer, legalEntities);
  const byHeading = new Map(ipid.map((section) => [section.heading, section.items]));
  return [
    {
      heading: '1. Our contract with you',
      items: [
        `This wording, your schedule and your certificate make up the contract between you and ${insurer}. We insure you for the covers in section 2 during the period on your certificate, in return for the price you agreed to pay.`,
      ],
    },
    {
      heading: '2. The cover',
      items: facts.includedCovers.map((code) => `${coverName(facts.schemeCode, code)}: included.`),
    },
    {
      heading: '3. Optional covers',
      items:
        facts.optionalCovers.length > 0
          ? facts.optionalCovers.map(
              (code) => `${coverName(facts.schemeCode, code)}: only when your schedule lists it.`,
            )
          : ['This product has no optional covers.'],
    },
    { heading: '4. Excesses', items: byHeading.get('Are there any restrictions on cover?') ?? [] },
    { heading: '5. Exclusions', items: byHeading.get('What is not insured?') ?? [] },
    { heading: '6. Where you are covered', items: byHeading.get('Where am I covered?') ?? [] },
    { heading: '7. Your duties', items: byHeading.get('What are my obligations?') ?? [] },
    {
      heading: '8. Paying, renewing and cancelling',
      items: [
        describePayment(facts),
        describeTerm(facts),
        ...(byHeading.get('How do I cancel the contract?') ?? []),
      ],
    },
    { heading: '9. Complaints', items: [legalEntities.complaints] },
    { heading: '10. Compensation', items: [legalEntities.compensation] },
    {
      heading: '11. Who we are',
      items: [
        `${insurer}. ${legalEntities.insurer.statement}`,
        legalEntities.intermediary.statement,
      ],
    },
  ];
}

function legalWording(legalEntities: LegalEntities): ProductDocument['sections'] {
  const ipid = legalIpid(legalEntities);
  return [
    {
      heading: '1. The cover',
      items: [
        ...(ipid.find((s) => s.heading === 'What is insured?')?.items ?? []),
        'We appoint a solicitor to act for you; you may choose your own once court proceedings are issued.',
      ],
    },
    {
      heading: '2. Exclusions',
      items: ipid.find((s) => s.heading === 'What is not insured?')!.items,
    },
    {
      heading: '3. Conditions',
      items: [
        ...ipid.find((s) => s.heading === 'Are there any restrictions on cover?')!.items,
        ...ipid.find((s) => s.heading === 'What are my obligations?')!.items,
      ],
    },
    { heading: '4. Complaints', items: [legalEntities.complaints] },
    { heading: '5. Compensation', items: [legalEntities.compensation] },
    {
      heading: '6. Who we are',
      items: [
        `${legalEntities.legalExpensesInsurer.name}. ${legalEntities.legalExpensesInsurer.statement}`,
        legalEntities.intermediary.statement,
      ],
    },
  ];
}

function businessTerms(insurer: string, legalEntities: LegalEntities): ProductDocument['sections'] {
  return [
    { heading: 'Who we are', items: [legalEntities.intermediary.statement] },
    {
      heading: 'Our service',
      items: [
        `We offer motor insurance from one insurer, ${insurer}, and motor legal expenses insurance from ${legalEntities.legalExpensesInsurer.name}. We do not give advice: you decide whether a policy meets your demands and needs.`,
      ],
    },
    {
      heading: 'How we are paid',
      items: [
        'The insurer pays us a commission, included in your price. We charge no fee to arrange, change or cancel a policy.',
      ],
    },
    {
      heading: 'Your money',
      items: [
        'Payments you make to us are held for the insurer: once we receive them, you are treated as having paid the insurer.',
      ],
    },
    { heading: 'Complaints', items: [legalEntities.complaints] },
    { heading: 'Compensation', items: [legalEntities.compensation] },
    {
      heading: 'Your personal data',
      items: [
        'We use your details to quote for, arrange and administer your insurance, to prevent fraud and as the law requires. We share them with the insurers and with identity-checking agencies. You may ask for a copy of them at any time.',
      ],
    },
  ];
}

/** A product document of a scheme, as its wording version and insurer make it. */
export function buildProductDocument(options: {
  doc: ProductDocumentType;
  schemeCode: string;
  wordingVersion?: string;
  insurer?: string;
}): ProductDocument {
  const facts = getSchemeFacts(options.schemeCode);
  const wordingVersion = options.wordingVersion ?? facts.wordingVersion;
  const insurer = options.insurer ?? facts.mainInsurer;
  const legal = options.doc === 'legal-ipid' || options.doc === 'legal-wording';
  const entities = brandOfScheme(options.schemeCode).documentCopy.legalEntities;
  const sections =
    options.doc === 'ipid'
      ? motorIpid(facts, insurer, entities)
      : options.doc === 'policy-wording'
        ? motorWording(facts, insurer, entities)
        : options.doc === 'legal-ipid'
          ? legalIpid(entities)
          : options.doc === 'legal-wording'
            ? legalWording(entities)
            : businessTerms(insurer, entities);
  return {
    title: PRODUCT_DOCUMENT_TITLES[options.doc],
    subtitle: `${schemeName(options.schemeCode)} — wording ${wordingVersion} — insurer ${legal ? entities.legalExpensesInsurer.name : insurer}`,
    intro: [
      options.doc.endsWith('ipid')
        ? 'This document is a summary of the key information about this insurance. Complete pre-contractual and contractual information is in the policy wording and your policy schedule.'
        : `Version ${wordingVersion}. Please read it with your schedule and certificate.`,
    ],
    sections,
  };
}
