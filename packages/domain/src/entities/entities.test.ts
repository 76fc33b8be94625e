import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdjustmentSchema, ProposalChangeSchema } from './adjustment';
import { ClaimSchema } from './claim';
import {
  AddressSchema,
  DataEntrySchema,
  IsoDateSchema,
  IsoDurationSchema,
  IsoInstantSchema,
  NameSchema,
  PenceSchema,
  SelectOptionSchema,
} from './common';
import { CustomerAccountSchema, PaymentDaySchema } from './customer-account';
import { FeedbackSchema } from './feedback';
import {
  accountFixture,
  adjustmentFixture,
  policyFixture,
  proposalFixture,
  quoteFixture,
} from './fixtures';
import { PaymentMethodSchema } from './payment-method';
import { PolicySchema } from './policy';
import { PolicyholderSchema } from './policyholder';
import { PrincipalSchema } from './principal';
import { CancellationConfigSchema } from './product-config';
import { ProposalSchema } from './proposal';
import { QuoteSchema } from './quote';
import { StatementSchema, StatementSummarySchema, TransactionSchema } from './statement';
import { VehicleSpecificationSchema } from './vehicle-specification';

const summary = {
  statementNumber: 'S-0001',
  createdAt: '2026-03-28T00:00:00Z',
  status: 'SETTLED',
  statementBalance: 1000,
  subtotalBalance: 1000,
  broughtForwardBalance: 0,
  carriedForwardBalance: 0,
  amountOutstanding: 0,
  paymentDueAt: '2026-04-01T00:00:00Z',
  final: false,
};

type Case = [name: string, schema: z.ZodType, valid: unknown, invalid: unknown[]];

const cases: Case[] = [
  ['Pence', PenceSchema, 629, [6.29, '629', Number.NaN]],
  [
    'IsoInstant',
    IsoInstantSchema,
    '2026-03-12T12:00:00+01:00',
    ['2026-03-12', '12/03/2026', '2026-03-12T12:00:00'],
  ],
  ['IsoDate', IsoDateSchema, '2026-03-12', ['2026-3-12', '2026-03-12T00:00:00Z', '2026-02-30']],
  ['IsoDuration', IsoDurationSchema, 'P12M', ['P', '12M', 'P1.5D', 'PT']],
  ['DataEntry', DataEntrySchema, { code: 'DR10', name: 'Drink driving' }, [{ code: 'DR10' }]],
  ['Name', NameSchema, { firstName: 'Jane', lastName: 'Smith' }, [{ firstName: 'Jane' }]],
  ['SelectOption', SelectOptionSchema, { value: 'New', text: 'New' }, [{ value: 1, text: 'x' }]],
  [
    'Address',
    AddressSchema,
    { line1: '1 High Street', city: 'London', postalCode: 'SW1A 1AA', countryIso3: 'GBR' },
    [{ line1: 1 }],
  ],
  [
    'Principal',
    PrincipalSchema,
    {
      userId: 'u1',
      connection: 'email',
      roles: [],
      permissions: ['access:impersonate'],
      username: 'jane@example.com',
    },
    [
      { userId: '', roles: [], permissions: [], username: 'x' },
      { userId: 'u1', username: 'x' },
    ],
  ],
  [
    'Policyholder',
    PolicyholderSchema,
    {
      accountRegistered: true,
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Smith',
      username: 'jane@example.com',
      dateOfBirth: '1990-05-01',
      marketingPreferences: { email: true, phone: false, sms: false },
    },
    [
      {
        accountRegistered: true,
        email: 'not-an-email',
        firstName: 'J',
        lastName: 'S',
        username: 'u',
      },
    ],
  ],
  [
    'VehicleSpecification',
    VehicleSpecificationSchema,
    {
      make: 'BMW',
      model: '3 Series',
      year: 2025,
      engineCapacity: 1998,
      enginePower: 184,
      numberOfSeats: 5,
      startDate: '2024-01-01',
    },
    [
      { make: 'BMW' },
      { make: 'BMW', model: 'X', engineCapacity: 1998.5 },
      { make: 'BMW', model: 'X', numberOfSeats: 0 },
    ],
  ],
  [
    'Quote',
    QuoteSchema,
    quoteFixture,
    [
      { ...quoteFixture, premium: 89.29 },
      { ...quoteFixture, ratingStatus: 'POLICY' },
      { ...quoteFixture, requestedOptionalCovers: { windscreen: true } },
    ],
  ],
  [
    'Proposal',
    ProposalSchema,
    proposalFixture,
    [
      { ...proposalFixture, status: 'quote' },
      { ...proposalFixture, policyTerm: '12 months' },
      { ...proposalFixture, startAt: '2026-03-12' },
    ],
  ],
  [
    'Policy',
    PolicySchema,
    policyFixture,
    [
      { ...policyFixture, policyVersions: [] },
      { ...policyFixture, reviewType: 'MANUAL' },
      {
        ...policyFixture,
        policyDetail: { ...policyFixture.policyDetail, policyStatus: 'EXPIRED' },
      },
    ],
  ],
  [
    'CustomerAccount',
    CustomerAccountSchema,
    accountFixture,
    [
      { ...accountFixture, paymentDay: 29 },
      { ...accountFixture, accountBalance: 10.5 },
      { ...accountFixture, paymentMethodType: 'DIRECT_DEBIT' },
    ],
  ],
  ['PaymentDay', PaymentDaySchema, 1, [0, 29, 1.5]],
  [
    'PaymentMethod (mandate)',
    PaymentMethodSchema,
    {
      type: 'BACS_DEBIT',
      mandateId: 'MD1',
      status: 'ACTIVE',
      bankName: 'Barclays',
      accountNumberEnding: '11',
    },
    [
      { type: 'BACS_DEBIT', mandateId: 'MD1', status: 'ACTIVE', bankName: 'Barclays' },
      {
        type: 'DIRECT_DEBIT',
        mandateId: 'MD1',
        status: 'ACTIVE',
        bankName: 'B',
        accountNumberEnding: '11',
      },
    ],
  ],
  [
    'PaymentMethod (card)',
    PaymentMethodSchema,
    { type: 'CARD', paymentMethodId: 'pm_1', status: 'PENDING_CUSTOMER_APPROVAL', last4: '4242' },
    [
      { type: 'CARD', paymentMethodId: 'pm_1', status: 'PENDING', last4: '4242' },
      { type: 'CARD', paymentMethodId: 'pm_1', status: 'ACTIVE', last4: '42' },
    ],
  ],
  [
    'Transaction',
    TransactionSchema,
    { type: 'PAYMENT', subType: 'GOCARDLESS', group: 'PAYMENT', status: 'POSTED' },
    [{ type: 'PAYMENT', subType: 'PAYPAL', group: 'PAYMENT', status: 'POSTED' }],
  ],
  [
    'StatementSummary',
    StatementSummarySchema,
    summary,
    [
      { ...summary, status: 'settled' },
      { ...summary, amountOutstanding: 0.5 },
    ],
  ],
  [
    'Statement',
    StatementSchema,
    {
      statementSummary: summary,
      lineItems: [
        {
          type: 'INVOICE',
          status: 'POSTED',
          amount: 1000,
          descriptionKey: 'monthly',
          effectiveAt: '2026-03-28T00:00:00Z',
        },
      ],
    },
    [
      {
        statementSummary: summary,
        lineItems: [
          {
            type: 'INVOICE',
            status: 'DONE',
            amount: 1000,
            descriptionKey: 'm',
            effectiveAt: '2026-03-28T00:00:00Z',
          },
        ],
      },
    ],
  ],
  [
    'Adjustment',
    AdjustmentSchema,
    adjustmentFixture,
    [
      { ...adjustmentFixture, adjustmentType: 'MTC' },
      { ...adjustmentFixture, amountDue: 6.29 },
      { ...adjustmentFixture, changes: [{ changeType: 'ADD_COVER' }] },
    ],
  ],
  [
    'Claim',
    ClaimSchema,
    {
      claimReference: 'CLM-1',
      claimType: 'Accident',
      status: 'ACTIVE',
      insuredName: 'Jane Smith',
      occurredDate: '2025-12-01',
    },
    [
      {
        claimReference: 'CLM-1',
        claimType: 'Accident',
        status: 'OPEN',
        insuredName: 'J',
        occurredDate: '2025-12-01',
      },
    ],
  ],
  [
    'Feedback',
    FeedbackSchema,
    { type: 'cancellation', rating: 10 },
    [
      { type: 'cancellation', rating: 0 },
      { type: 'cancellation', rating: 11 },
      { type: 'x', rating: 5.5 },
    ],
  ],
  [
    'CancellationConfig',
    CancellationConfigSchema,
    { type: 'CoolingOff', days: 14, countedFrom: 'Bind', reasons: ['SoldNR', 'Other'] },
    [
      { type: 'CoolingOff', countedFrom: 'Purchase' },
      { type: 'Standard', reasons: ['Moved'] },
    ],
  ],
];

describe('entity schemas', () => {
  it.each(cases)('%s accepts a valid example', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it.each(cases)('%s rejects invalid examples', (_name, schema, _valid, invalid) => {
    for (const value of invalid) expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('ProposalChangeSchema', () => {
  it.each([
    [{ changeType: 'START_DATE_CHANGE', startDate: '2026-04-01T00:00:00+01:00' }, true],
    [{ changeType: 'START_DATE_CHANGE', startDate: 'tomorrow' }, false],
    [{ changeType: 'REQUEST_COVER_OPTION', coverCode: 'ncb_protection', selected: true }, true],
    [{ changeType: 'REQUEST_COVER_OPTION', coverCode: 'windscreen', selected: true }, false],
    [{ changeType: 'SELECT_PAYMENT_SCHEDULE', paymentScheduleType: 'SINGLE_PAYMENT' }, true],
    [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: -100 }, false],
    [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }, true],
    [{ changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode: 'p1' }, true],
    [{ changeType: 'QUOTE_DISCLOSURE_CHANGE', update: [] }, false], // an update must change something
    [{ changeType: 'QUOTE_DISCLOSURE', update: [{ path: 'a', value: 1 }] }, false], // short spelling
  ])('%o valid: %s', (change, valid) => {
    expect(ProposalChangeSchema.safeParse(change).success).toBe(valid);
  });
});
