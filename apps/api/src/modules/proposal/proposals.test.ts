import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProposalResponseSchema, type ProposalResponse } from '@motor/contract';
import { explainPrice, londonDateString, toInstant, type ProposalChange } from '@motor/domain';
import { addCalendarDuration, formatPickerDay, getDatePickerDays } from '@motor/forms';
import { notificationOutbox, proposals, ratingRecords } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { TEST_BRANDS } from '../../test/test-brands';
import { useBrands } from '../brand';
import {
  ADDITIONAL_DRIVER_ANSWERS,
  buildCompleteDisclosure,
  DEMO_ADDRESS,
  DRIVER_ANSWERS,
  updates,
} from './fixtures';
import { saveProposal } from './repository';

const START = '2026-03-02T09:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;

describe('proposal API', () => {
  const suite = useTestApp({ at: START, seed: true });
  const { clock } = suite;
  let headers: Record<string, string>;

  beforeAll(async () => {
    headers = await suite.customer('customer-1');
  });

  async function create(schemeCode = 'bmw-flex', as = headers): Promise<ProposalResponse> {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: as,
      payload: { schemeCode, brand: 'bmw', tracking: { utm_source: 'test', other: 'dropped' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function get(code: string, as = headers) {
    return suite.app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers: as });
  }

  async function patch(code: string, changes: ProposalChange[], extra: object = {}) {
    return suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers,
      payload: { changes, applyRating: true, ...extra },
    });
  }

  async function createQuote(schemeCode = 'bmw-flex'): Promise<ProposalResponse> {
    const proposal = await create(schemeCode);
    const changes = buildCompleteDisclosure();
    if (schemeCode === 'bmw-driveaway') {
      changes.push({
        changeType: 'QUOTE_DISCLOSURE_CHANGE',
        update: updates({ renewalMonth: 4, retailer: '10231' }),
      });
    }
    const res = await patch(proposal.proposalCode, changes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  // Issue 13 item 8: a car chosen by year, make and model (no registration) keeps its year and
  // is priced; a missing or impossible year is refused on the field, nothing saved.
  it('keeps the year of a car chosen by year, make and model, and prices it', async () => {
    const proposal = await create();
    const byModel = (specification: Record<string, unknown>) =>
      patch(proposal.proposalCode, [
        ...buildCompleteDisclosure({
          car: { vehicle: { vrn: null, regLookup: false, specification } },
        }),
      ]);
    const chosen = await byModel({ vehicleCode: 'BMW-G20-320I-MSPORT', year: 2021 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const quoted: ProposalResponse = chosen.json();
    expect(quoted.status).toBe('QUOTE');
    expect(quoted.quote.totals.discounted).toBeGreaterThan(0);
    const vehicle = quoted.quote.insuredAssets[0]!.data.vehicle as {
      specification: { year: number; make: string; model: string };
    };
    expect(vehicle.specification).toMatchObject({ year: 2021, make: 'BMW', model: '3 Series' });

    const other = await create();
    for (const [specification, message] of [
      [{ vehicleCode: 'BMW-G20-320I-MSPORT' }, 'Choose the year your car was made'],
      [
        { vehicleCode: 'BMW-G20-320I-MSPORT', year: 2015 },
        'That car was made from 2019 to 2026: check the year',
      ],
    ] as const) {
      const res = await suite.app.inject({
        method: 'PATCH',
        url: `/api/proposals/${other.proposalCode}`,
        headers,
        payload: {
          applyRating: true,
          changes: [
            {
              changeType: 'ASSET_DISCLOSURE_CHANGE',
              assetCode: 'car',
              update: updates({ vehicle: { vrn: null, regLookup: false, specification } }),
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fields[0]).toMatchObject({
        path: 'changes.0.update.0.value.specification.year',
        message,
      });
    }
    const unchanged: ProposalResponse = (await get(other.proposalCode)).json();
    expect(unchanged.quote.insuredAssets[0]!.data.vehicle).toBeUndefined();
  });

  it('creates a proposal still missing the answers rating needs', async () => {
    const proposal = await create();
    expect(proposal.status).toBe('INSUFFICIENT_ACCURACY');
    expect(proposal.proposalCode).toMatch(/^prp_[\w-]{22}$/);
    expect(proposal.externalReference).toMatch(/^BMW-[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{4}$/);
    expect(proposal.policyTerm).toBe('P12M');
    expect(proposal.tracking).toEqual({ utm_source: 'test' });
    expect(proposal.startAt).toBe(START);
    expect(proposal.quote.ratingStatus).toBeNull();
    expect(proposal.quote.missingInformation).toContain('mainDriver.dateOfBirth');
    expect(proposal.quote.insuredProfiles).toEqual([
      { profileCode: 'ph', policyholder: true, data: {} },
    ]);
    expect((await get(proposal.proposalCode)).json()).toEqual(proposal);
  });

  it('refuses an unknown scheme', async () => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-nothing' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].path).toBe('schemeCode');
  });

  it('needs a session', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/proposals' });
    expect(res.statusCode).toBe(401);
  });

  it('reaches QUOTE with a demo registration and a sandbox address, and records the rating', async () => {
    const search = await suite.app.inject({
      method: 'GET',
      url: '/api/lookup/addresses?query=SW1A%202AA',
    });
    expect(search.statusCode, search.body).toBe(200);
    const [first] = search.json() as { id: string }[];
    const address = await suite.app.inject({
      method: 'GET',
      url: `/api/lookup/addresses/${first!.id}`,
    });
    expect(address.statusCode).toBe(200);

    const proposal = await create();
    const res = await patch(
      proposal.proposalCode,
      buildCompleteDisclosure({ driver: { address: address.json() } }),
      { revision: proposal.revision },
    );
    expect(res.statusCode, res.body).toBe(200);
    const quoted: ProposalResponse = res.json();
    expect(quoted.status).toBe('QUOTE');
    expect(quoted.revision).toBe(proposal.revision + 1);
    const quote = quoted.quote;
    expect(quote.ratingStatus).toBe('QUOTE');
    expect(quote.missingInformation).toEqual([]);
    expect(quote.premium).toBeGreaterThan(0);
    expect(quote.taxAmount).toBe(Math.round(quote.premium * 0.12));
    expect(quote.totalPremium).toBe(quote.premium + quote.taxAmount);
    expect(quote.availablePaymentSchedules).toHaveLength(1);
    const [monthly] = quote.availablePaymentSchedules;
    expect(monthly).toMatchObject({ type: 'MONTHLY', active: true });
    expect(monthly!.premiumBreakdown.numberOfInstalments).toBe(12);
    expect(quote.totals.discounted).toBe(quote.totalPremium);
    expect(quote.excess.find((line) => line.excessCategory)).toBeDefined();
    expect(
      quote.covers.filter((cover) => cover.coverType === 'OPTIONAL').map((c) => c.code),
    ).toEqual(['ncb_protection', 'legal_expenses']);
    expect(quote.priceFactors.length).toBeGreaterThan(5);
    // What makes up the price (issue 35 item 2): rating's trace, told in pounds to the penny.
    expect(quote.priceTrace).toMatchObject({ tableVersion: 'bmw-2026-01', optionalCovers: [] });
    const lines = explainPrice(quote)!;
    expect(lines.reduce((sum, line) => sum + line.pence, 0)).toBe(quote.totalPremium);
    expect(lines.at(-1)).toEqual({ kind: 'tax', pence: quote.taxAmount });
    // The later GET answers the same trace.
    const read = await get(proposal.proposalCode);
    expect((read.json() as ProposalResponse).quote.priceTrace).toEqual(quote.priceTrace);
    const car = quote.insuredAssets[0]!.data.vehicle as { specification: { vehicleCode: string } };
    expect(car.specification.vehicleCode).toBe('BMW-G20-320I-MSPORT');
    // 30 London calendar days: the clocks go forward on 29 March.
    expect(quoted.expiresAt).toBe('2026-04-01T08:00:00.000Z');

    const records = await suite.app.db
      .select()
      .from(ratingRecords)
      .where(eq(ratingRecords.proposalCode, proposal.proposalCode));
    expect(records).toHaveLength(1);
    expect(records[0]!.tableVersion).toBe('bmw-2026-01');
  });

  it('answers a rated PATCH with what a later GET reads', async () => {
    const proposal = await createQuote();
    const res = await patch(proposal.proposalCode, [
      { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10000 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revision).toBe(proposal.revision + 1);
    expect(res.json()).toEqual((await get(proposal.proposalCode)).json());
    // These routes skip the zod serializer: the answer must already be exactly the contract's.
    expect(ProposalResponseSchema.parse(res.json())).toEqual(res.json());
  });

  it('keeps the priced quote through a PATCH that does not re-rate', async () => {
    const proposal = await createQuote();
    const res = await patch(
      proposal.proposalCode,
      [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10000 }],
      { applyRating: false },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { voluntaryExcess, ...priced } = res.json().quote;
    const { voluntaryExcess: before, ...pricedBefore } = proposal.quote;
    expect([before, voluntaryExcess]).toEqual([0, 10000]);
    expect(priced).toEqual(pricedBefore);
    expect(res.json()).toEqual((await get(proposal.proposalCode)).json());
  });

  describe('one test per change type', () => {
    let quoted: ProposalResponse;
    beforeAll(async () => {
      quoted = await createQuote();
    });

    const cases: [string, ProposalChange[], (p: ProposalResponse) => void][] = [
      [
        'QUOTE_DISCLOSURE_CHANGE',
        [
          {
            changeType: 'QUOTE_DISCLOSURE_CHANGE',
            update: updates({ eligibilityConfirmed: true }),
          },
        ],
        (p) => expect(p.quote.data.eligibilityConfirmed).toBe(true),
      ],
      [
        'ASSET_DISCLOSURE_CHANGE',
        [
          {
            changeType: 'ASSET_DISCLOSURE_CHANGE',
            assetCode: 'car',
            update: updates({ annualMileage: 12000 }),
          },
        ],
        (p) => expect(p.quote.insuredAssets[0]!.data.annualMileage).toBe(12000),
      ],
      [
        'PROFILE_DISCLOSURE_CHANGE',
        [
          {
            changeType: 'PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'ph',
            update: [{ path: 'data.drivingLicence', attribute: 'validFrom', value: '2005-01-01' }],
          },
        ],
        (p) =>
          expect(p.quote.insuredProfiles[0]!.data.drivingLicence).toMatchObject({
            licenceType: 'UKFull',
            validFrom: '2005-01-01',
          }),
      ],
      [
        'ADD_PROFILE',
        [{ changeType: 'ADD_PROFILE', profileCode: 'p1' }],
        (p) => {
          expect(p.quote.insuredProfiles.map((x) => x.profileCode)).toEqual(['ph', 'p1']);
          expect(p.status).toBe('INSUFFICIENT_ACCURACY');
        },
      ],
      [
        'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        [
          {
            changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'p1',
            update: updates(ADDITIONAL_DRIVER_ANSWERS),
          },
        ],
        (p) => {
          expect(p.quote.insuredProfiles[1]!.data.firstName).toBe('Sam');
          expect(p.status).toBe('QUOTE');
        },
      ],
      [
        'REMOVE_PROFILE',
        [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }],
        (p) => expect(p.quote.insuredProfiles).toHaveLength(1),
      ],
      [
        'ADDITIONAL_PROFILE_CREATE_CHANGE',
        [
          {
            changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
            profileCode: 'p2',
            update: updates(ADDITIONAL_DRIVER_ANSWERS),
          },
        ],
        (p) => {
          expect(p.quote.insuredProfiles[1]).toMatchObject({
            profileCode: 'p2',
            policyholder: false,
          });
          expect(p.status).toBe('QUOTE');
        },
      ],
      [
        'ADD_COVER',
        [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses', assetCode: 'car' }],
        (p) => {
          expect(p.quote.requestedOptionalCovers.legal_expenses).toBe(true);
          expect(p.quote.covers.find((c) => c.code === 'legal_expenses')?.active).toBe(true);
        },
      ],
      [
        'REMOVE_COVER',
        [{ changeType: 'REMOVE_COVER', coverCode: 'legal_expenses', assetCode: 'car' }],
        (p) => expect(p.quote.requestedOptionalCovers.legal_expenses).toBe(false),
      ],
      [
        'REQUEST_COVER_OPTION',
        [{ changeType: 'REQUEST_COVER_OPTION', coverCode: 'ncb_protection', selected: true }],
        (p) => expect(p.quote.covers.find((c) => c.code === 'ncb_protection')?.active).toBe(true),
      ],
      [
        'SELECT_VOLUNTARY_EXCESS',
        [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
        (p) => {
          expect(p.quote.voluntaryExcess).toBe(20000);
          expect(p.quote.excess).toContainEqual({ excessCategory: 'voluntary', excess: 20000 });
        },
      ],
      [
        'SELECT_PAYMENT_SCHEDULE',
        [{ changeType: 'SELECT_PAYMENT_SCHEDULE', paymentScheduleType: 'MONTHLY' }],
        (p) => expect(p.quote.availablePaymentSchedules[0]!.active).toBe(true),
      ],
      [
        'START_DATE_CHANGE',
        [{ changeType: 'START_DATE_CHANGE', startDate: '2026-03-10T00:00:00Z' }],
        (p) => {
          expect(p.startAt).toBe('2026-03-10T00:00:00.000Z');
          expect(p.endAt).toBe('2027-03-10T00:00:00.000Z');
        },
      ],
    ];

    it.each(cases)('%s', async (_name, changes, check) => {
      const res = await patch(quoted.proposalCode, changes);
      expect(res.statusCode, res.body).toBe(200);
      const body: ProposalResponse = res.json();
      check(body);
      expect((await get(quoted.proposalCode)).json()).toEqual(body);
    });

    it('prices an optional cover into the premium', async () => {
      const before: ProposalResponse = (await get(quoted.proposalCode)).json();
      const res = await patch(quoted.proposalCode, [
        { changeType: 'REQUEST_COVER_OPTION', coverCode: 'legal_expenses', selected: true },
      ]);
      expect(res.json().quote.premium).toBeGreaterThan(before.quote.premium);
    });
  });

  describe('invalid changes', () => {
    it.each<[string, ProposalChange, string]>([
      [
        'an unknown input',
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: updates({ shoeSize: 9 }),
        },
        'changes.1.update.0',
      ],
      [
        'a bad value',
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: updates({ dateOfBirth: '15/06/1985' }),
        },
        'changes.1.update.0.value',
      ],
      [
        'an unknown registration',
        {
          changeType: 'ASSET_DISCLOSURE_CHANGE',
          assetCode: 'car',
          update: updates({
            vehicle: { vrn: 'ZZ99 ZZZ', regLookup: true, specification: { vehicleCode: 'X' } },
          }),
        },
        'changes.1.update.0.value',
      ],
      [
        'an unknown profile',
        {
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p9',
          update: updates({ firstName: 'Al' }),
        },
        'changes.1.profileCode',
      ],
      [
        'removing the policyholder',
        { changeType: 'REMOVE_PROFILE', profileCode: 'ph' },
        'changes.1.profileCode',
      ],
      [
        'an excess not offered',
        { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 12345 },
        'changes.1.excess',
      ],
      [
        'removing an included cover',
        { changeType: 'REMOVE_COVER', coverCode: 'windscreen', assetCode: 'car' },
        'changes.1.coverCode',
      ],
      [
        'a schedule the product does not offer',
        { changeType: 'SELECT_PAYMENT_SCHEDULE', paymentScheduleType: 'SINGLE_PAYMENT' },
        'changes.1.paymentScheduleType',
      ],
      [
        'a start date in the past',
        { changeType: 'START_DATE_CHANGE', startDate: '2026-03-01T09:00:00Z' },
        'changes.1.startDate',
      ],
      [
        'a question the scheme does not ask (retailer on flex)',
        { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: updates({ retailer: '10231' }) },
        'changes.1.update.0',
      ],
      [
        'an address with a postcode that is not a UK one',
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: updates({ address: { line1: '1 High Street', postalCode: 'sw1a2aa x' } }),
        },
        'changes.1.update.0.value.postalCode',
      ],
      [
        'a licence date before the 16th birthday',
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: [
            { path: 'data.drivingLicence.validFrom', attribute: 'validFrom', value: '1990-01-01' },
          ],
        },
        'changes.1.update.0.value',
      ],
    ])('%s answers 400 and leaves the proposal exactly as it was', async (_name, bad, path) => {
      const quoted = await createQuote();
      const before = (await get(quoted.proposalCode)).json();
      const res = await patch(quoted.proposalCode, [
        { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10000 },
        bad,
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details.fields.map((f: { path: string }) => f.path)).toEqual([path]);
      expect((await get(quoted.proposalCode)).json()).toEqual(before);
    });

    describe('cross-field rules across the proposal', () => {
      async function expectRefused(
        code: string,
        changes: ProposalChange[],
        path: string,
        message: string,
      ) {
        const before = (await get(code)).json();
        const res = await patch(code, changes);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(res.json().error.details.fields).toEqual([{ in: 'body', path, message }]);
        expect((await get(code)).json()).toEqual(before);
      }

      it('refuses a postcode that is not a UK one in capitals, with the message', async () => {
        const proposal = await create();
        await expectRefused(
          proposal.proposalCode,
          [
            {
              changeType: 'PROFILE_DISCLOSURE_CHANGE',
              profileCode: 'ph',
              update: updates({ address: { ...DEMO_ADDRESS, postalCode: 'sw1a 2aa' } }),
            },
          ],
          'changes.0.update.0.value.postalCode',
          'Enter a UK postcode in capitals, e.g. SW1A 2AA',
        );
      });

      it('refuses more NCD years than since the stored driver turned 16', async () => {
        const proposal = await create();
        const driver: ProposalChange = {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: updates({ dateOfBirth: '2006-01-01' }),
        };
        expect((await patch(proposal.proposalCode, [driver])).statusCode).toBe(200);
        await expectRefused(
          proposal.proposalCode,
          [
            {
              changeType: 'ASSET_DISCLOSURE_CHANGE',
              assetCode: 'car',
              update: updates({ noClaimsDiscount: 5 }),
            },
          ],
          'changes.0.update.0.value',
          "That's more years than you could have held a licence",
        );
      });

      it('refuses more NCD years than the licence given later in the same request', async () => {
        const quoted = await createQuote();
        await expectRefused(
          quoted.proposalCode,
          [
            {
              changeType: 'ASSET_DISCLOSURE_CHANGE',
              assetCode: 'car',
              update: updates({ noClaimsDiscount: 5 }),
            },
            {
              changeType: 'PROFILE_DISCLOSURE_CHANGE',
              profileCode: 'ph',
              update: [
                {
                  path: 'data.drivingLicence.validFrom',
                  attribute: 'validFrom',
                  value: '2024-01-01',
                },
              ],
            },
          ],
          'changes.0.update.0.value',
          "That's more years than you have held your licence",
        );
      });

      it('accepts NCD years within the licence years', async () => {
        const quoted = await createQuote();
        const res = await patch(quoted.proposalCode, [
          {
            changeType: 'ASSET_DISCLOSURE_CHANGE',
            assetCode: 'car',
            update: updates({ noClaimsDiscount: 2 }),
          },
          {
            changeType: 'PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'ph',
            update: [
              {
                path: 'data.drivingLicence.validFrom',
                attribute: 'validFrom',
                value: '2024-01-01',
              },
            ],
          },
        ]);
        expect(res.statusCode, res.body).toBe(200);
      });

      it('refuses a start date before the stored usage start month', async () => {
        const quoted = await createQuote();
        const usage: ProposalChange = {
          changeType: 'ASSET_DISCLOSURE_CHANGE',
          assetCode: 'car',
          update: updates({ usageStartYearMonth: '2026-04' }),
        };
        expect((await patch(quoted.proposalCode, [usage])).statusCode).toBe(200);
        await expectRefused(
          quoted.proposalCode,
          [{ changeType: 'START_DATE_CHANGE', startDate: '2026-03-20T00:00:00Z' }],
          'changes.0.startDate',
          "Cover can't start before you start using the car",
        );
        // With the car in use from March, the same start day is taken.
        const ok = await patch(quoted.proposalCode, [
          { ...usage, update: updates({ usageStartYearMonth: '2026-03' }) },
          { changeType: 'START_DATE_CHANGE', startDate: '2026-03-20T00:00:00Z' },
        ]);
        expect(ok.statusCode, ok.body).toBe(200);
      });

      it('refuses a start date before a usage start given in the same request', async () => {
        const quoted = await createQuote();
        await expectRefused(
          quoted.proposalCode,
          [
            { changeType: 'START_DATE_CHANGE', startDate: '2026-03-20T00:00:00Z' },
            {
              changeType: 'ASSET_DISCLOSURE_CHANGE',
              assetCode: 'car',
              update: updates({ usageStartYearMonth: '2026-04' }),
            },
          ],
          'changes.0.startDate',
          "Cover can't start before you start using the car",
        );
      });

      it('takes a start day the picker offers (30 from today, spec 1 §9), not the next', async () => {
        const quoted = await createQuote();
        const today = londonDateString(clock.now());
        const lastOffered = getDatePickerDays(today).at(-1)!;
        expect(lastOffered).toBe(addCalendarDuration(today, 'P29D'));
        const ok = await patch(quoted.proposalCode, [
          { changeType: 'START_DATE_CHANGE', startDate: toInstant(lastOffered).toISOString() },
        ]);
        expect(ok.statusCode, ok.body).toBe(200);
        await expectRefused(
          quoted.proposalCode,
          [
            {
              changeType: 'START_DATE_CHANGE',
              startDate: toInstant(addCalendarDuration(today, 'P30D')).toISOString(),
            },
          ],
          'changes.0.startDate',
          `The start date can be no later than ${formatPickerDay(lastOffered)}`,
        );
      });
    });

    it('allows at most 4 additional drivers', async () => {
      const proposal = await create();
      const add = (code: string): ProposalChange => ({
        changeType: 'ADD_PROFILE',
        profileCode: code,
      });
      const ok = await patch(proposal.proposalCode, ['p1', 'p2', 'p3', 'p4'].map(add));
      expect(ok.statusCode).toBe(200);
      const before = ok.json();
      const res = await patch(proposal.proposalCode, [add('p5')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].message).toMatch(/at most 4 additional drivers/);
      expect((await get(proposal.proposalCode)).json()).toEqual(before);
    });

    it('answers 409 to a stale revision and saves nothing', async () => {
      const proposal = await create();
      const change: ProposalChange = { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10000 };
      expect((await patch(proposal.proposalCode, [change], { revision: 0 })).statusCode).toBe(200);
      const res = await patch(proposal.proposalCode, [{ ...change, excess: 20000 }], {
        revision: 0,
      });
      expect(res.statusCode).toBe(409);
      expect((await get(proposal.proposalCode)).json().quote.voluntaryExcess).toBe(10000);
    });

    it('a save that lost a race (stale revision) writes neither the proposal nor a rating record', async () => {
      const proposal = await createQuote();
      const recordsOf = () =>
        suite.app.db
          .select()
          .from(ratingRecords)
          .where(eq(ratingRecords.proposalCode, proposal.proposalCode));
      const before = await recordsOf();
      const saved = await saveProposal(suite.app.db, {
        proposalCode: proposal.proposalCode,
        revision: proposal.revision - 1,
        changes: { status: 'REFERRAL', updatedAt: clock.now() },
        ratingRecord: { tableVersion: null, inputs: {}, result: {}, ratedAt: clock.now() },
      });
      expect(saved).toBeNull();
      expect(await recordsOf()).toHaveLength(before.length);
      expect((await get(proposal.proposalCode)).json()).toEqual(proposal);
    });
  });

  it("answers 404 for another user's proposal", async () => {
    const proposal = await create();
    const other = await suite.customer('customer-2');
    expect((await get(proposal.proposalCode, other)).statusCode).toBe(404);
    const calls = [
      { method: 'PATCH', url: '', payload: { changes: [] } },
      { method: 'DELETE', url: '' },
      { method: 'PUT', url: '/id-check' },
      { method: 'PUT', url: '/verify' },
      { method: 'PUT', url: '/autoRenewal', payload: { enabled: false } },
    ] as const;
    for (const call of calls) {
      const res = await suite.app.inject({
        method: call.method,
        url: `/api/proposals/${proposal.proposalCode}${call.url}`,
        headers: other,
        ...('payload' in call ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const list = await suite.app.inject({ method: 'GET', url: '/api/proposals', headers: other });
    expect(list.json()).toEqual([]);
  });

  it('lists own proposals filtered by scheme and external reference', async () => {
    const flex = await create();
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/proposals?externalReference=${flex.externalReference}`,
      headers,
    });
    expect(res.json().map((p: ProposalResponse) => p.proposalCode)).toEqual([flex.proposalCode]);
    const driveaway = await create('bmw-driveaway');
    const bySchemes = await suite.app.inject({
      method: 'GET',
      url: '/api/proposals?schemeCode=bmw-driveaway',
      headers,
    });
    const codes = bySchemes.json().map((p: ProposalResponse) => p.proposalCode);
    expect(codes).toContain(driveaway.proposalCode);
    expect(codes).not.toContain(flex.proposalCode);
  });

  it.each([
    ['a left-hand-drive car', { car: { disclosedSteering: 'LHD' } }, 'STEERING_NOT_RHD'],
    ['a banned driver', { driver: { bannedOrDisqualified: true } }, 'BANNED_OR_DISQUALIFIED'],
  ])('refers %s with a message', async (_name, overrides, code) => {
    const proposal = await create();
    const res = await patch(proposal.proposalCode, buildCompleteDisclosure(overrides));
    const body: ProposalResponse = res.json();
    expect(body.status).toBe('REFERRAL');
    expect(body.quote.ratingStatus).toBe('REFERRAL');
    expect(body.quote.referralReasons).toEqual([{ code, message: expect.any(String) }]);
    expect(body.quote.referralReasons[0]!.message.length).toBeGreaterThan(10);
    expect(body.quote.availablePaymentSchedules).toEqual([]);
  });

  it('expires a quote after 30 days and reprices it on a new start date', async () => {
    const userId = 'customer-expiry';
    headers = await suite.customer(userId);
    const quoted = await createQuote();
    const code = quoted.proposalCode;
    try {
      clock.advance(DAY); // the start day has passed
      headers = await suite.customer(userId);
      expect((await get(code)).json().status).toBe('QUOTE_EXPIRED');
      const repriced = await patch(code, [
        { changeType: 'START_DATE_CHANGE', startDate: clock.now().toISOString() },
      ]);
      expect(repriced.json().status).toBe('QUOTE');

      clock.advance(31 * DAY); // past the quote's validity
      headers = await suite.customer(userId);
      expect((await get(code)).json().status).toBe('QUOTE_EXPIRED');
      const again = await patch(code, [
        {
          changeType: 'START_DATE_CHANGE',
          startDate: new Date(clock.now().getTime() + DAY).toISOString(),
        },
      ]);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().status).toBe('QUOTE');
    } finally {
      clock.set(START);
      headers = await suite.customer('customer-1');
    }
  });

  it('refuses a retailer code that is not in the lookup', async () => {
    const proposal = await create('bmw-driveaway');
    const res = await patch(proposal.proposalCode, [
      { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: updates({ retailer: '99999' }) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].path).toBe('changes.0.update.0.value');
  });

  it('quotes driveaway free for 5 days', async () => {
    const quoted = await createQuote('bmw-driveaway');
    expect(quoted.status).toBe('QUOTE');
    expect(quoted.policyTerm).toBe('P5D');
    expect(quoted.endAt).toBe('2026-03-07T09:00:00.000Z');
    expect(quoted.quote.premium).toBe(0);
    expect(quoted.quote.totalPremium).toBe(0);
    expect(quoted.quote.totals.discounted).toBe(0);
    expect(quoted.quote.covers.some((c) => c.code === 'foreign_travel')).toBe(false);
    expect(quoted.quote.covers.some((c) => c.coverType === 'OPTIONAL')).toBe(false);
  });

  describe('identity checks', () => {
    it('clears an ordinary policyholder', async () => {
      const quoted = await createQuote();
      const idCheck = await suite.app.inject({
        method: 'PUT',
        url: `/api/proposals/${quoted.proposalCode}/id-check`,
        headers,
      });
      expect(idCheck.json()).toEqual({ isClear: true });
      const verify = await suite.app.inject({
        method: 'PUT',
        url: `/api/proposals/${quoted.proposalCode}/verify`,
        headers,
      });
      expect(verify.json()).toEqual({
        isClear: true,
        checks: [
          { name: 'IDENTITY', result: 'CLEAR' },
          { name: 'SANCTIONS', result: 'CLEAR' },
          { name: 'FRAUD', result: 'CLEAR' },
          { name: 'MAX_DRIVEAWAY_POLICIES', result: 'CLEAR' },
          { name: 'PRIOR_POLICY', result: 'CLEAR' },
        ],
      });
    });

    it("fails the sandbox's 'Consider' surname", async () => {
      const proposal = await create();
      await patch(
        proposal.proposalCode,
        buildCompleteDisclosure({ driver: { lastName: 'Consider' } }),
      );
      const url = `/api/proposals/${proposal.proposalCode}`;
      const idCheck = await suite.app.inject({ method: 'PUT', url: `${url}/id-check`, headers });
      expect(idCheck.json()).toEqual({ isClear: false });
      const verify = await suite.app.inject({ method: 'PUT', url: `${url}/verify`, headers });
      expect(verify.json().isClear).toBe(false);
      expect(verify.json().checks[0]).toEqual({ name: 'IDENTITY', result: 'CONSIDER' });
    });

    it('allows one driveaway policy per customer and per car', async () => {
      headers = await suite.customer('driveaway-owner');
      try {
        const bound = await createQuote('bmw-driveaway');
        // Started before the first was bound: a holder cannot start another one (bind-policy.test).
        const second = await createQuote('bmw-driveaway');
        await suite.app.db
          .update(proposals)
          .set({ status: 'POLICY' })
          .where(eq(proposals.proposalCode, bound.proposalCode));
        const verify = await suite.app.inject({
          method: 'PUT',
          url: `/api/proposals/${second.proposalCode}/verify`,
          headers,
        });
        const checks = verify.json().checks as { name: string; result: string }[];
        expect(verify.json().isClear).toBe(false);
        expect(checks.find((c) => c.name === 'MAX_DRIVEAWAY_POLICIES')?.result).toBe('CONSIDER');
        expect(checks.find((c) => c.name === 'PRIOR_POLICY')?.result).toBe('CONSIDER');
        // A bound proposal cannot be changed or deleted.
        expect((await patch(bound.proposalCode, [])).statusCode).toBe(409);
      } finally {
        headers = await suite.customer('customer-1');
      }
    });
  });

  it('e-mails a link back to the quote', async () => {
    const quoted = await createQuote();
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/proposals/${quoted.proposalCode}/retain`,
      headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(202);
    const mails = await suite.app.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, DRIVER_ANSWERS.email));
    expect(mails.at(-1)!.body).toContain(`/retrieve?ref=${quoted.externalReference}`);
  });

  it('saves tracking values, a promotion and auto-renewal, and deletes', async () => {
    const quoted = await createQuote();
    const url = `/api/proposals/${quoted.proposalCode}`;
    const tracked = await suite.app.inject({
      method: 'POST',
      url: `${url}/tracking`,
      headers,
      payload: { utm_campaign: 'spring', nonsense: 'x' },
    });
    expect(tracked.json().tracking).toEqual({ utm_source: 'test', utm_campaign: 'spring' });
    // The quote names the promotions a code can activate on it (spec 2 §3), never their codes.
    expect(quoted.promotions).toEqual([
      { promotionId: 'flex-welcome' },
      { promotionId: 'flex-loyalty' },
    ]);
    expect(JSON.stringify(quoted)).not.toContain('FLEXWELCOME');

    const wrong = await suite.app.inject({
      method: 'PATCH',
      url: `${url}/promotions/flex-welcome`,
      headers,
      payload: { promotionActivationCode: 'NOPE' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('That promotion code is not right.');
    const promoted = await suite.app.inject({
      method: 'PATCH',
      url: `${url}/promotions/flex-welcome`,
      headers,
      payload: { promotionActivationCode: 'flexwelcome' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().promoCode).toBe('flex-welcome');
    // The brand's amount (£83.34 a month), kept on the quote it was taken with.
    expect(promoted.json().quote.promotionMonthlyDiscountPence).toBe(8_334);
    expect(promoted.json().quote.totals.discounted).toBeLessThan(quoted.quote.totals.discounted);

    const renewal = await suite.app.inject({
      method: 'PUT',
      url: `${url}/autoRenewal`,
      headers,
      payload: { enabled: false },
    });
    expect(renewal.json().autoRenewalEnabled).toBe(false);

    const deleted = await suite.app.inject({ method: 'DELETE', url, headers });
    expect(deleted.statusCode).toBe(204);
    expect((await get(quoted.proposalCode)).statusCode).toBe(404);
  });

  it('drops a promotion the brand has since removed from a quote in progress (issue 31)', async () => {
    const quoted = await createQuote();
    const url = `/api/proposals/${quoted.proposalCode}`;
    const promoted = await suite.app.inject({
      method: 'PATCH',
      url: `${url}/promotions/flex-welcome`,
      headers,
      payload: { promotionActivationCode: 'FLEXWELCOME' },
    });
    expect(promoted.json().quote.totals.discounted).toBeLessThan(quoted.quote.totals.discounted);
    // The brand withdraws the promotion (its data no longer has it) before the quote is bought.
    const [bmw, ...others] = TEST_BRANDS;
    useBrands([{ ...bmw!, promotions: {} }, ...others]);
    try {
      const read = (await get(quoted.proposalCode)).json() as ProposalResponse;
      // The price is the quote's own again: no discount the brand no longer offers.
      expect(read.quote.promotionMonthlyDiscountPence).toBeNull();
      expect(read.quote.totals.discounted).toBe(quoted.quote.totals.discounted);
      expect(read.promotions).toEqual([]);
      // And it cannot be taken again.
      const again = await suite.app.inject({
        method: 'PATCH',
        url: `${url}/promotions/flex-welcome`,
        headers,
        payload: { promotionActivationCode: 'FLEXWELCOME' },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe('We could not find that promotion.');
    } finally {
      useBrands(TEST_BRANDS);
    }
  });

  it('documents the proposal routes in OpenAPI', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/proposals',
      '/api/proposals/{code}',
      '/api/proposals/{code}/id-check',
      '/api/proposals/{code}/verify',
      '/api/proposals/{code}/retain',
      '/api/proposals/{code}/tracking',
      '/api/proposals/{code}/promotions/{id}',
      '/api/proposals/{code}/autoRenewal',
      '/api/lookup/vehicles/{vrn}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
