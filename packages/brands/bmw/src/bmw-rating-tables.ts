import type { z } from 'zod';
import type { RatingTablesSchema } from '@motor/brand-kit';
import { penceFromPounds } from '@motor/domain';

// BMW rating tables. Figures are illustrative but UK-plausible: a 40-year-old with 9+ years NCD in
// a group-26–30 BMW 3 Series worth £35,000, commuting 8,000 miles from a driveway in an average
// area pays about £700 a year including IPT (see the calibration test in the rating module).

const COMPULSORY_EXCESS = [
  { excessCategory: 'ACCIDENTAL_DAMAGE', excessPence: penceFromPounds(250) },
  { excessCategory: 'FIRE_AND_THEFT', excessPence: penceFromPounds(250) },
  { excessCategory: 'WINDSCREEN_REPLACEMENT', excessPence: penceFromPounds(95) },
  { excessCategory: 'WINDSCREEN_REPAIR', excessPence: penceFromPounds(10) },
];

// Spec 2 §9: +£150 for drivers under 25, +£50 for a licence held under 1 year.
const EXCESS_ENDORSEMENTS = [
  {
    code: 'DRVEXC_YOUNG',
    excessPence: penceFromPounds(150),
    appliesWhen: { kind: 'DRIVER_AGE_UNDER', years: 25 },
  },
  {
    code: 'DRVEXC_INEXP',
    excessPence: penceFromPounds(50),
    appliesWhen: { kind: 'LICENCE_HELD_UNDER', years: 1 },
  },
] as const;

/** Raw BMW rating tables (parsed and validated in ./index). */
export const bmwRatingTableData: z.input<typeof RatingTablesSchema> = [
  {
    version: 'bmw-2026-01',
    effectiveFrom: '2026-01-01',
    schemes: {
      'bmw-flex': {
        basePremiumPence: penceFromPounds(1000),
        minimumPremiumPence: penceFromPounds(250),
        iptRate: 0.12,
        optionalCovers: {
          legal_expenses: { pricing: 'FLAT', annualPremiumPence: penceFromPounds(25) },
          // Spec 2 §1: NCB protection needs 4 or more years of no-claims discount.
          ncb_protection: { pricing: 'PERCENT_OF_PREMIUM', rate: 0.1, minimumNcdYears: 4 },
        },
        compulsoryExcess: COMPULSORY_EXCESS,
        excessEndorsements: [...EXCESS_ENDORSEMENTS],
      },
      // Driveaway is free (spec 2 §1): a zero base and zero floor make every figure 0 while the
      // factors and excess still describe the risk.
      'bmw-driveaway': {
        basePremiumPence: 0,
        minimumPremiumPence: 0,
        iptRate: 0.12,
        optionalCovers: {},
        compulsoryExcess: COMPULSORY_EXCESS,
        excessEndorsements: [...EXCESS_ENDORSEMENTS],
      },
    },
    factors: {
      mainDriverAge: [
        { from: 17, factor: 2.9 },
        { from: 18, factor: 2.6 },
        { from: 19, factor: 2.3 },
        { from: 20, factor: 2.0 },
        { from: 21, factor: 1.75 },
        { from: 22, factor: 1.55 },
        { from: 23, factor: 1.4 },
        { from: 24, factor: 1.25 },
        { from: 25, factor: 1.12 },
        { from: 27, factor: 1.05 },
        { from: 30, factor: 1.0 },
        { from: 35, factor: 0.95 },
        { from: 40, factor: 0.92 },
        { from: 50, factor: 0.9 },
        { from: 60, factor: 0.92 },
        { from: 66, factor: 0.97 },
        { from: 71, factor: 1.05 },
        { from: 76, factor: 1.2 },
        { from: 81, factor: 1.4 },
      ],
      yearsLicensed: [
        { from: 0, factor: 1.45 },
        { from: 1, factor: 1.3 },
        { from: 2, factor: 1.18 },
        { from: 3, factor: 1.1 },
        { from: 5, factor: 1.03 },
        { from: 10, factor: 0.95 },
      ],
      licenceType: {
        UKFull: 1.0,
        UKAutoOnly: 1.05,
        UKProvisional: 1.5,
        EUFull: 1.1,
        EUProvisional: 1.6,
        EuropeanNonEU: 1.25,
        International: 1.35,
      },
      ncdYears: [
        { from: 0, factor: 1.0 },
        { from: 1, factor: 0.85 },
        { from: 2, factor: 0.77 },
        { from: 3, factor: 0.71 },
        { from: 4, factor: 0.66 },
        { from: 5, factor: 0.62 },
        { from: 6, factor: 0.6 },
        { from: 7, factor: 0.58 },
        { from: 8, factor: 0.56 },
        { from: 9, factor: 0.55 },
      ],
      claims: {
        // A fault claim (or any claim that cost NCD) counts in full; others mostly reflect exposure.
        weights: { fault: 1, notFault: 0.4, windscreen: 0 },
        bands: [
          { from: 0, factor: 1.0 },
          { from: 0.4, factor: 1.06 },
          { from: 0.8, factor: 1.12 },
          { from: 1, factor: 1.22 },
          { from: 1.4, factor: 1.3 },
          { from: 2, factor: 1.5 },
          { from: 2.4, factor: 1.6 },
          { from: 3, factor: 1.85 },
          { from: 4, factor: 2.2 },
        ],
      },
      convictions: {
        defaultPoints: 3,
        points: [
          { from: 0, factor: 1.0 },
          { from: 1, factor: 1.05 },
          { from: 3, factor: 1.12 },
          { from: 4, factor: 1.18 },
          { from: 6, factor: 1.32 },
          { from: 7, factor: 1.45 },
          { from: 9, factor: 1.7 },
          { from: 12, factor: 2.2 },
        ],
        offenceGroups: {
          CD: 1.3, // careless driving
          CU: 1.1, // construction and use
          DD: 2.0, // dangerous driving
          DR: 1.8, // drink or drugs
          IN: 1.6, // driving without insurance
          MS: 1.15, // miscellaneous (e.g. leaving the scene)
          SP: 1.0, // speeding: the points say enough
          TS: 1.05, // traffic signs
          UT: 1.5, // unauthorised taking
        },
      },
      insuranceGroup: [
        { from: 1, factor: 0.75 },
        { from: 6, factor: 0.82 },
        { from: 11, factor: 0.9 },
        { from: 16, factor: 0.98 },
        { from: 21, factor: 1.08 },
        { from: 26, factor: 1.2 },
        { from: 31, factor: 1.34 },
        { from: 36, factor: 1.5 },
        { from: 41, factor: 1.68 },
        { from: 46, factor: 1.9 },
      ],
      vehicleAge: [
        { from: 0, factor: 1.05 },
        { from: 1, factor: 1.0 },
        { from: 4, factor: 0.97 },
        { from: 8, factor: 0.95 },
        { from: 12, factor: 1.0 },
        { from: 16, factor: 1.08 },
      ],
      vehicleValuePence: [
        { from: 0, factor: 0.85 },
        { from: penceFromPounds(10_000), factor: 0.95 },
        { from: penceFromPounds(20_000), factor: 1.0 },
        { from: penceFromPounds(30_000), factor: 1.08 },
        { from: penceFromPounds(40_000), factor: 1.16 },
        { from: penceFromPounds(50_000), factor: 1.25 },
        { from: penceFromPounds(75_000), factor: 1.4 },
        { from: penceFromPounds(100_000), factor: 1.6 },
      ],
      annualMileage: [
        { from: 0, factor: 0.88 },
        { from: 3_001, factor: 0.93 },
        { from: 6_001, factor: 0.98 },
        { from: 9_001, factor: 1.04 },
        { from: 12_001, factor: 1.1 },
        { from: 15_001, factor: 1.18 },
        { from: 20_001, factor: 1.3 },
        { from: 30_001, factor: 1.45 },
      ],
      usage: {
        SocialDomesticPleasure: 1.0,
        SocialDomesticPleasureCommuting: 1.08,
        BusinessClass1: 1.2,
      },
      overnightLocation: {
        Garage: 0.9,
        Driveway: 0.95,
        PrivateProperty: 0.96,
        Carport: 0.96,
        Compound: 0.97,
        CarPark: 1.05,
        PublicRoad: 1.1,
        Other: 1.05,
      },
      postcodeArea: {
        defaultFactor: 1.0,
        areas: {
          // Dense urban areas: theft and accident frequency.
          B: 1.3,
          BD: 1.3,
          E: 1.35,
          EC: 1.3,
          G: 1.15,
          IG: 1.35,
          L: 1.25,
          LS: 1.15,
          M: 1.3,
          N: 1.25,
          NW: 1.25,
          RM: 1.3,
          SE: 1.3,
          SW: 1.2,
          W: 1.2,
          WC: 1.3,
          // Rural and low-density areas.
          AB: 0.85,
          BA: 0.9,
          CB: 0.92,
          DG: 0.82,
          EX: 0.85,
          GU: 0.95,
          HS: 0.75,
          IV: 0.8,
          KW: 0.78,
          LD: 0.8,
          NR: 0.88,
          OX: 0.95,
          PL: 0.88,
          TQ: 0.85,
          TR: 0.82,
          ZE: 0.75,
        },
      },
      occupation: {
        defaultFactor: 1.0,
        // Illustrative OccupationABI-style codes; a code in no class takes the default.
        classes: [
          { name: 'lower-risk', factor: 0.94, codes: ['A02', 'C44', 'N01', 'P25', 'T43'] },
          { name: 'higher-risk', factor: 1.15, codes: ['B03', 'D27', 'E05', 'J03', 'M25'] },
        ],
        employmentStatus: { ED: 1.12, RE: 0.95, NIW: 1.02 },
      },
      youngestAdditionalDriverAge: [
        { from: 17, factor: 1.6 },
        { from: 19, factor: 1.45 },
        { from: 21, factor: 1.3 },
        { from: 23, factor: 1.15 },
        { from: 25, factor: 1.0 },
        { from: 30, factor: 0.98 },
        { from: 70, factor: 1.05 },
        { from: 76, factor: 1.15 },
      ],
      voluntaryExcessPence: [
        { from: 0, factor: 1.0 },
        { from: penceFromPounds(100), factor: 0.98 },
        { from: penceFromPounds(200), factor: 0.96 },
        { from: penceFromPounds(300), factor: 0.94 },
        { from: penceFromPounds(400), factor: 0.92 },
        { from: penceFromPounds(500), factor: 0.9 },
      ],
    },
  },
];
