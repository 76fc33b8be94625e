import { registeredSchemeCodes } from '../../../modules/brand';
import { evaluateProposal } from '../../../modules/rating';
import {
  CORE_ASSET_CODE,
  getSchemeFacts,
  newProposalData,
  POLICYHOLDER_PROFILE_CODE,
  type ProposalDraft,
} from '../../../modules/disclosure';

// For /api/openapi.json (openapi-disclosures.ts): which change answers each name a proposal's
// quote.missingInformation can list. The names come from the code that lists them (status.ts
// evaluateProposal, asked about empty proposals); which answer feeds which rating field is the
// one hand-written part (RATING_FIELD_ANSWERS), checked against the API in the tests.

/** A change type that carries disclosure answers. */
type DisclosureChangeType =
  | 'QUOTE_DISCLOSURE_CHANGE'
  | 'ASSET_DISCLOSURE_CHANGE'
  | 'PROFILE_DISCLOSURE_CHANGE'
  | 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE';

/** Every scheme of the registered brands, by code. */
export const schemeCodes = (): string[] => registeredSchemeCodes();

/** How a missingInformation name is answered: a change and the update's path and attribute. */
export type MissingInformationAnswer = {
  /** As it appears in quote.missingInformation; additional drivers as additionalDrivers[i]. */
  name: string;
  changeType: DisclosureChangeType;
  schemaName: string;
  /** profileCode / assetCode of the change (null for the quote). */
  profileCode?: string;
  assetCode?: string;
  /** The answer's name in its schema ('drivingLicence.validFrom'). */
  answer: string;
  path: string;
  attribute: string;
  note?: string;
  /** Only these schemes ask it (absent: every scheme). */
  schemeCodes?: string[];
};

type AnswerTarget = Pick<
  MissingInformationAnswer,
  'changeType' | 'schemaName' | 'profileCode' | 'assetCode'
>;
const CAR: AnswerTarget = {
  changeType: 'ASSET_DISCLOSURE_CHANGE',
  schemaName: 'CarDisclosureAnswers',
  assetCode: CORE_ASSET_CODE,
};
const POLICYHOLDER: AnswerTarget = {
  changeType: 'PROFILE_DISCLOSURE_CHANGE',
  schemaName: 'PolicyholderDisclosureAnswers',
  profileCode: POLICYHOLDER_PROFILE_CODE,
};
const ADDITIONAL: AnswerTarget = {
  changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
  schemaName: 'AdditionalDriverDisclosureAnswers',
  profileCode: '<the driver’s profileCode>',
};
const QUOTE: AnswerTarget = {
  changeType: 'QUOTE_DISCLOSURE_CHANGE',
  schemaName: 'QuoteDisclosureAnswers',
};

/**
 * Which answer feeds each field rating reads (rating-input.ts buildRatingInput reads them in
 * code; this says the same for a client). Keyed by the missingInformation name with additional
 * drivers' index as [i]; quote.<name> entries come from the scheme's required quote answers.
 */
const RATING_FIELD_ANSWERS: Record<
  string,
  { target: AnswerTarget; answer: string; note?: string }
> = {
  vehicle: {
    target: CAR,
    answer: 'vehicle',
    note:
      'The catalogue car: { vrn, regLookup: true, specification: { vehicleCode } } after GET ' +
      '/api/lookup/vehicles/{vrn}, or { regLookup: false, specification: { vehicleCode } }.',
  },
  'vehicle.insuranceGroup': {
    target: CAR,
    answer: 'vehicle',
    note: "From the catalogue car chosen by the vehicle answer; a car without a known group refers ('get in touch').",
  },
  'vehicle.year': { target: CAR, answer: 'vehicle', note: 'From the catalogue car.' },
  'vehicle.valuePence': {
    target: CAR,
    answer: 'vehicle',
    note: 'From the catalogue car; when the catalogue has no value, answer estimatedValue (whole pounds).',
  },
  'mainDriver.dateOfBirth': { target: POLICYHOLDER, answer: 'dateOfBirth' },
  'mainDriver.licenceValidFrom': { target: POLICYHOLDER, answer: 'drivingLicence.validFrom' },
  'mainDriver.licenceType': { target: POLICYHOLDER, answer: 'drivingLicence.licenceType' },
  'mainDriver.ncdYears': {
    target: CAR,
    answer: 'noClaimsDiscount',
    note: "The policyholder's no claims discount is a question about the car.",
  },
  'mainDriver.claims': {
    target: POLICYHOLDER,
    answer: 'vehicleClaimsHistory',
    note: '[] when there were none in the last 5 years.',
  },
  'mainDriver.convictions': {
    target: POLICYHOLDER,
    answer: 'drivingLicence.convictions',
    note: '[] when there were none in the last 5 years.',
  },
  'mainDriver.employmentStatus': { target: POLICYHOLDER, answer: 'employmentStatus' },
  'mainDriver.postcode': {
    target: POLICYHOLDER,
    answer: 'address',
    note: 'The postcode is address.postalCode.',
  },
  'mainDriver.occupationCode': {
    target: POLICYHOLDER,
    answer: 'occupation',
    note: 'Asked when employmentStatus is one of those with an occupation.',
  },
  'additionalDrivers[i].dateOfBirth': { target: ADDITIONAL, answer: 'dateOfBirth' },
  'additionalDrivers[i].licenceValidFrom': {
    target: ADDITIONAL,
    answer: 'drivingLicence.validFrom',
  },
  'additionalDrivers[i].claims': {
    target: ADDITIONAL,
    answer: 'vehicleClaimsHistory',
    note: '[] when there were none.',
  },
  'additionalDrivers[i].convictions': {
    target: ADDITIONAL,
    answer: 'drivingLicence.convictions',
    note: '[] when there were none.',
  },
  annualMileage: { target: CAR, answer: 'annualMileage' },
  usage: { target: CAR, answer: 'usage' },
  overnightLocation: { target: CAR, answer: 'overnightLocation' },
};

/** additionalDrivers[2].claims → additionalDrivers[i].claims. */
export function toMissingInformationKey(name: string): string {
  return name.replace(/^additionalDrivers\[\d+\]/, 'additionalDrivers[i]');
}

function emptyDraft(schemeCode: string, profiles: ProposalDraft['data']['insuredProfiles']) {
  const facts = getSchemeFacts(schemeCode);
  const draft: ProposalDraft = {
    schemeCode,
    startAt: null,
    endAt: null,
    policyTerm: facts.policyTerm,
    data: newProposalData(facts, profiles),
  };
  return { draft, facts };
}

/** Which answers are missing does not depend on the time; any instant will do. */
const PROBE_INSTANT = new Date('2026-01-01T00:00:00.000Z');

/**
 * Every name missingInformation can hold, found by asking the code that produces it
 * (status.ts evaluateProposal) about empty proposals of each scheme: nothing answered, with an
 * additional driver, and with an employment status that asks for an occupation.
 */
export function listMissingInformationNames(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const probes: ProposalDraft['data']['insuredProfiles'][] = [
    [
      { profileCode: POLICYHOLDER_PROFILE_CODE, policyholder: true, data: {} },
      { profileCode: 'd1', policyholder: false, data: {} },
    ],
    [
      {
        profileCode: POLICYHOLDER_PROFILE_CODE,
        policyholder: true,
        data: { employmentStatus: 'FT' },
      },
    ],
  ];
  for (const schemeCode of schemeCodes()) {
    for (const profiles of probes) {
      const { draft, facts } = emptyDraft(schemeCode, structuredClone(profiles));
      const { snapshot } = evaluateProposal({ draft, facts, now: PROBE_INSTANT });
      for (const name of snapshot.missingInformation) {
        const key = toMissingInformationKey(name);
        const schemes = names.get(key) ?? [];
        if (!schemes.includes(schemeCode)) schemes.push(schemeCode);
        names.set(key, schemes);
      }
    }
  }
  return names;
}

const toUpdate = (answer: string) => ({
  path: `data.${answer}`,
  attribute: answer.split('.').at(-1) ?? answer,
});

/**
 * The answer of every missingInformation name. A name without one (a new rating field nobody
 * documented yet) is left out rather than breaking the document; the tests fail on it.
 */
export function listMissingInformationAnswers(): MissingInformationAnswer[] {
  const all = schemeCodes();
  return [...listMissingInformationNames()].flatMap(([name, schemes]) => {
    const known = name.startsWith('quote.')
      ? { target: QUOTE, answer: name.slice('quote.'.length), note: undefined }
      : Object.hasOwn(RATING_FIELD_ANSWERS, name)
        ? RATING_FIELD_ANSWERS[name]
        : null;
    if (!known) return [];
    const entry: MissingInformationAnswer = {
      name,
      ...known.target,
      answer: known.answer,
      ...toUpdate(known.answer),
    };
    if (known.note) entry.note = known.note;
    if (schemes.length < all.length) {
      entry.schemeCodes = schemes;
      entry.note = [`Only ${schemes.join(', ')}.`, entry.note].filter(Boolean).join(' ');
    }
    return [entry];
  });
}

export function describeMissingInformation(entries: MissingInformationAnswer[]): string {
  const rows = entries.map((entry) => {
    const code = entry.profileCode
      ? `profileCode ${entry.profileCode}`
      : entry.assetCode
        ? `assetCode ${entry.assetCode}`
        : '';
    return (
      `| ${entry.name} | ${entry.changeType}${code ? ` (${code})` : ''} | ${entry.path} | ` +
      `${entry.attribute} | ${entry.schemaName} | ${entry.note ?? ''} |`
    );
  });
  return [
    'Each missingInformation name and the disclosure change that answers it ' +
      '(additionalDrivers[i] is the i-th additional driver, in the order they were added; ' +
      'machine-readable in x-answered-by):',
    '',
    '| missingInformation | changeType | update path | attribute | schema | note |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
