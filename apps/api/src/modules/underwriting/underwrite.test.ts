import { describe, expect, it } from 'vitest';
import { REFERRAL_CODES, REFERRAL_MESSAGES, underwrite } from './underwrite';
import type { ReferralCode, UnderwritingDriver, UnderwritingInput } from './underwrite';

// Rated at noon on 1 March 2026 (London).
const RATED_AT = '2026-03-01T12:00:00Z';

function buildDriver(changes: Partial<UnderwritingDriver> = {}): UnderwritingDriver {
  return {
    profileCode: 'ph',
    dateOfBirth: '1985-06-15',
    bankrupt: false,
    unsatisfiedCCJs: false,
    unspentCriminalConvictions: false,
    previouslyRefusedInsurance: false,
    bannedOrDisqualified: false,
    dvlaUnawareOfMedicalCondition: false,
    advisedByDoctorNotToDrive: false,
    claims: [],
    convictions: [],
    ...changes,
  };
}

function buildInput(
  changes: {
    driver?: Partial<UnderwritingDriver>;
    additional?: Partial<UnderwritingDriver>;
    vehicle?: Partial<UnderwritingInput['vehicle']>;
  } = {},
): UnderwritingInput {
  const drivers = [buildDriver(changes.driver)];
  if (changes.additional) drivers.push(buildDriver({ profileCode: 'p1', ...changes.additional }));
  return {
    drivers,
    vehicle: {
      steering: 'RHD',
      year: 2024,
      estimatedValuePence: 3_500_000,
      modifications: false,
      insuranceGroup: 30,
      ...changes.vehicle,
    },
  };
}

const codesOf = (input: UnderwritingInput): string[] =>
  underwrite({ input, ratedAt: RATED_AT }).referralReasons.map((reason) => reason.code);

const claimsOn = (dates: string[]) => dates.map((date) => ({ date }));

describe('underwrite', () => {
  it('accepts the representative proposal with no reasons', () => {
    expect(underwrite({ input: buildInput(), ratedAt: RATED_AT })).toEqual({
      accepted: true,
      referralReasons: [],
    });
  });

  // Each rule: a case that refers and its boundary (or opposite answer) that does not.
  it.each<[ReferralCode, string, UnderwritingInput, boolean]>([
    ['STEERING_NOT_RHD', 'left-hand drive', buildInput({ vehicle: { steering: 'LHD' } }), true],
    ['STEERING_NOT_RHD', 'right-hand drive', buildInput({ vehicle: { steering: 'RHD' } }), false],
    ['VEHICLE_TOO_OLD', 'a 2007 car (19 years old)', buildInput({ vehicle: { year: 2007 } }), true],
    [
      'VEHICLE_TOO_OLD',
      'a 2008 car (18 years old)',
      buildInput({ vehicle: { year: 2008 } }),
      false,
    ],
    [
      'DRIVER_AGE_OUT_OF_RANGE',
      'a main driver 17 tomorrow',
      buildInput({ driver: { dateOfBirth: '2009-03-02' } }),
      true,
    ],
    [
      'DRIVER_AGE_OUT_OF_RANGE',
      'a main driver 17 today',
      buildInput({ driver: { dateOfBirth: '2009-03-01' } }),
      false,
    ],
    [
      'DRIVER_AGE_OUT_OF_RANGE',
      'an additional driver 86 today',
      buildInput({ additional: { dateOfBirth: '1940-03-01' } }),
      true,
    ],
    [
      'DRIVER_AGE_OUT_OF_RANGE',
      'an additional driver 86 tomorrow (85 today)',
      buildInput({ additional: { dateOfBirth: '1940-03-02' } }),
      false,
    ],
    ['BANKRUPT', 'bankrupt', buildInput({ driver: { bankrupt: true } }), true],
    ['BANKRUPT', 'not bankrupt', buildInput({ driver: { bankrupt: false } }), false],
    [
      'UNSATISFIED_CCJS',
      'unsatisfied CCJs',
      buildInput({ additional: { unsatisfiedCCJs: true } }),
      true,
    ],
    ['UNSATISFIED_CCJS', 'no CCJs', buildInput({ additional: { unsatisfiedCCJs: false } }), false],
    [
      'UNSPENT_CRIMINAL_CONVICTIONS',
      'unspent convictions',
      buildInput({ driver: { unspentCriminalConvictions: true } }),
      true,
    ],
    [
      'UNSPENT_CRIMINAL_CONVICTIONS',
      'none',
      buildInput({ driver: { unspentCriminalConvictions: false } }),
      false,
    ],
    [
      'PREVIOUSLY_REFUSED_INSURANCE',
      'refused before',
      buildInput({ driver: { previouslyRefusedInsurance: true } }),
      true,
    ],
    [
      'PREVIOUSLY_REFUSED_INSURANCE',
      'never refused',
      buildInput({ driver: { previouslyRefusedInsurance: false } }),
      false,
    ],
    [
      'BANNED_OR_DISQUALIFIED',
      'banned',
      buildInput({ additional: { bannedOrDisqualified: true } }),
      true,
    ],
    [
      'BANNED_OR_DISQUALIFIED',
      'not banned',
      buildInput({ additional: { bannedOrDisqualified: false } }),
      false,
    ],
    [
      'DVLA_UNAWARE_OF_MEDICAL_CONDITION',
      'DVLA not told',
      buildInput({ driver: { dvlaUnawareOfMedicalCondition: true } }),
      true,
    ],
    [
      'DVLA_UNAWARE_OF_MEDICAL_CONDITION',
      'DVLA told',
      buildInput({ driver: { dvlaUnawareOfMedicalCondition: false } }),
      false,
    ],
    [
      'ADVISED_NOT_TO_DRIVE',
      'advised not to drive',
      buildInput({ driver: { advisedByDoctorNotToDrive: true } }),
      true,
    ],
    [
      'ADVISED_NOT_TO_DRIVE',
      'not advised',
      buildInput({ driver: { advisedByDoctorNotToDrive: false } }),
      false,
    ],
    [
      'VEHICLE_VALUE_OVER_LIMIT',
      '£150,000.01',
      buildInput({ vehicle: { estimatedValuePence: 15_000_001 } }),
      true,
    ],
    [
      'VEHICLE_VALUE_OVER_LIMIT',
      'exactly £150,000',
      buildInput({ vehicle: { estimatedValuePence: 15_000_000 } }),
      false,
    ],
    ['VEHICLE_MODIFIED', 'modified', buildInput({ vehicle: { modifications: true } }), true],
    ['VEHICLE_MODIFIED', 'standard', buildInput({ vehicle: { modifications: false } }), false],
    [
      'TOO_MANY_CLAIMS',
      '4 claims in 5 years across drivers',
      buildInput({
        driver: { claims: claimsOn(['2025-01-01', '2024-01-01', '2023-01-01']) },
        additional: { claims: claimsOn(['2021-03-01']) },
      }),
      true,
    ],
    [
      'TOO_MANY_CLAIMS',
      '3 claims in 5 years (a 4th over 5 years ago)',
      buildInput({
        driver: { claims: claimsOn(['2025-01-01', '2024-01-01', '2023-01-01', '2021-02-28']) },
      }),
      false,
    ],
    [
      'TOO_MANY_POINTS',
      '9 points on one licence',
      buildInput({
        driver: {
          convictions: [
            { code: 'SP30', date: '2024-01-01', points: 6 },
            { code: 'SP30', date: '2025-01-01' }, // 3 assumed
          ],
        },
      }),
      true,
    ],
    [
      'TOO_MANY_POINTS',
      '8 points on one licence, plus 3 expired',
      buildInput({
        driver: {
          convictions: [
            { code: 'SP30', date: '2024-01-01', points: 5 },
            { code: 'SP30', date: '2025-01-01', points: 3 },
            { code: 'SP30', date: '2020-01-01', points: 3 },
          ],
        },
      }),
      false,
    ],
    [
      'TOO_MANY_POINTS',
      '6 points on each of two licences',
      buildInput({
        driver: { convictions: [{ code: 'SP50', date: '2024-01-01', points: 6 }] },
        additional: { convictions: [{ code: 'SP50', date: '2024-01-01', points: 6 }] },
      }),
      false,
    ],
    [
      'INSURANCE_GROUP_UNDETERMINED',
      'a known car without a group',
      buildInput({ vehicle: { insuranceGroup: null } }),
      true,
    ],
    [
      'INSURANCE_GROUP_UNDETERMINED',
      'group 51',
      buildInput({ vehicle: { insuranceGroup: 51 } }),
      true,
    ],
    [
      'INSURANCE_GROUP_UNDETERMINED',
      'group 50',
      buildInput({ vehicle: { insuranceGroup: 50 } }),
      false,
    ],
    [
      'INSURANCE_GROUP_UNDETERMINED',
      'group 1',
      buildInput({ vehicle: { insuranceGroup: 1 } }),
      false,
    ],
  ])('%s: %s → refers %s', (code, _label, input, refers) => {
    const result = underwrite({ input, ratedAt: RATED_AT });
    expect(result.referralReasons.some((reason) => reason.code === code)).toBe(refers);
    expect(result.accepted).toBe(!refers);
    if (refers) {
      expect(result.referralReasons).toEqual([{ code, message: REFERRAL_MESSAGES[code] }]);
    }
  });

  it('gives the insurance-group referral the spec 1 §5 wording', () => {
    expect(codesOf(buildInput({ vehicle: { insuranceGroup: null } }))).toEqual([
      'INSURANCE_GROUP_UNDETERMINED',
    ]);
    expect(REFERRAL_MESSAGES.INSURANCE_GROUP_UNDETERMINED).toBe(
      'The insurance group could not be determined, so get in touch via chat.',
    );
  });

  it('has a customer-facing message for every code', () => {
    for (const code of REFERRAL_CODES) expect(REFERRAL_MESSAGES[code]).toMatch(/^[A-Z].+\.$/);
    expect(REFERRAL_MESSAGES.VEHICLE_VALUE_OVER_LIMIT).toBe(
      'We can only insure cars worth up to £150,000.',
    );
  });

  it('lists every reason that applies, in rule order, once each', () => {
    const input = buildInput({
      driver: { bankrupt: true, bannedOrDisqualified: true },
      additional: { bankrupt: true },
      vehicle: { steering: 'LHD', modifications: true },
    });
    expect(codesOf(input)).toEqual([
      'STEERING_NOT_RHD',
      'BANKRUPT',
      'BANNED_OR_DISQUALIFIED',
      'VEHICLE_MODIFIED',
    ]);
  });

  it('does not refer on answers not given yet (that is insufficient accuracy)', () => {
    const input: UnderwritingInput = { drivers: [{}], vehicle: {} };
    expect(underwrite({ input, ratedAt: RATED_AT })).toEqual({
      accepted: true,
      referralReasons: [],
    });
  });

  it('counts ages on the London day: 23:30 UTC on 28 Feb is still 28 Feb in winter', () => {
    const input = buildInput({ driver: { dateOfBirth: '2009-03-01' } });
    expect(codesOf(input)).toEqual([]);
    expect(underwrite({ input, ratedAt: '2026-02-28T23:30:00Z' }).referralReasons[0]?.code).toBe(
      'DRIVER_AGE_OUT_OF_RANGE',
    );
  });
});
