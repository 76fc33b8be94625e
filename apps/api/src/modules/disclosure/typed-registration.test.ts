import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAdjustmentResponse, ProposalResponse } from '@motor/contract';
import type { ProposalChange } from '@motor/domain';
import { createBoundPolicy } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { REFERRED_MESSAGE } from '../policy/bind-gates';
import { buildCompleteDisclosure, updates } from '../proposal/fixtures';
import { REFERRAL_MESSAGES } from '../underwriting/underwrite';

// Issue 31 item 1: a registration typed for a car chosen by make and model (the quote page's
// "registration" question, an API client, a change of car) is looked up. A plate the lookup
// knows as another car makes that car the customer's, re-rated, with a notice; a plate it does
// not know refers. Never priced as the declared car. Called directly, as any client could.

const START = '2026-03-02T09:00:00.000Z';
/** The 118i Sport, chosen by year, make and model as the selector sends it. */
const DECLARED_118I = {
  vrn: null,
  regLookup: false,
  specification: { vehicleCode: 'BMW-F40-118I-SPORT', year: 2019 },
};
/** The sandbox knows KY72 DXA as a 2022 M3 Competition (group 50), LB69 KRT as a 2019 118i. */
const M3_PLATE = 'KY72 DXA';
/** The registration path: the plate, and the car the lookup answered for it, confirmed. */
const BY_REGISTRATION = {
  vrn: M3_PLATE,
  regLookup: true,
  specification: { vehicleCode: 'BMW-G80-M3-COMP' },
};
const M3_NOTICE =
  'KY72 DXA is a 2022 BMW M3 Competition, not the 2019 BMW 1 Series 118i Sport you chose: we ' +
  'have changed your car to it and priced your quote again. If that is not your car, check the ' +
  'registration.';

type Vehicle = {
  vrn: string | null;
  regLookup: boolean;
  lookupNotice?: string;
  registrationUnknown?: boolean;
  specification: { vehicleCode: string; insuranceGroup: number | null; year: number };
};

const carChange = (vehicle: unknown): ProposalChange => ({
  changeType: 'ASSET_DISCLOSURE_CHANGE',
  assetCode: 'car',
  update: updates({ vehicle }),
});

const vehicleOf = (quote: { insuredAssets: { data: Record<string, unknown> }[] }) =>
  quote.insuredAssets[0]!.data.vehicle as Vehicle;

const groupFactor = (proposal: ProposalResponse) =>
  proposal.quote.priceFactors.find((factor) => factor.name === 'insuranceGroup')?.value;

describe('a registration typed for a car chosen by make and model', () => {
  const suite = useTestApp({ at: START, seed: true });
  let headers: Record<string, string>;

  beforeAll(async () => {
    headers = await suite.customer('typed-plate-owner');
  });

  async function patch(code: string, changes: ProposalChange[]) {
    return suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers,
      payload: { changes, applyRating: true },
    });
  }

  /** A complete proposal whose car is `vehicle`, answered in one PATCH. */
  async function quoteWith(vehicle: unknown): Promise<ProposalResponse> {
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await patch(
      created.json().proposalCode,
      buildCompleteDisclosure({ car: { vehicle } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('prices the car the plate belongs to, as the registration path does, and says so', async () => {
    const byRegistration = await quoteWith(BY_REGISTRATION);
    expect(byRegistration.status).toBe('QUOTE');
    expect(groupFactor(byRegistration)).toBe(50);

    // Chosen as the 118i (priced as one), then the registration typed where the quote page asks
    // for it: the page sends the car it has with the plate added.
    const declared = await quoteWith(DECLARED_118I);
    expect(groupFactor(declared)).toBe(19);
    expect(vehicleOf(declared.quote).specification.vehicleCode).toBe('BMW-F40-118I-SPORT');
    const typed = await patch(declared.proposalCode, [
      carChange({ ...vehicleOf(declared.quote), vrn: M3_PLATE }),
    ]);
    expect(typed.statusCode, typed.body).toBe(200);
    const replaced: ProposalResponse = typed.json();
    const vehicle = vehicleOf(replaced.quote);
    expect(vehicle).toMatchObject({
      vrn: 'KY72DXA',
      regLookup: true,
      lookupNotice: M3_NOTICE,
      specification: { vehicleCode: 'BMW-G80-M3-COMP', insuranceGroup: 50, year: 2022 },
    });
    expect(groupFactor(replaced)).toBe(50);
    expect(replaced.quote.totals.discounted).toBe(byRegistration.quote.totals.discounted);
    expect(replaced.quote.totals.discounted).toBeGreaterThan(2 * declared.quote.totals.discounted);

    // The same in one request, straight from an API client: no 118i price at any point.
    const direct = await quoteWith({ ...DECLARED_118I, vrn: M3_PLATE });
    expect(vehicleOf(direct.quote).specification.vehicleCode).toBe('BMW-G80-M3-COMP');
    expect(direct.quote.totals.discounted).toBe(byRegistration.quote.totals.discounted);
  });

  it('keeps the car with the plate’s year and no notice when the plate is that car', async () => {
    const proposal = await quoteWith({
      ...DECLARED_118I,
      vrn: 'lb69krt',
      specification: { ...DECLARED_118I.specification, year: 2020 },
    });
    const vehicle = vehicleOf(proposal.quote);
    expect(vehicle).toMatchObject({
      vrn: 'LB69KRT',
      regLookup: true,
      specification: { vehicleCode: 'BMW-F40-118I-SPORT', year: 2019 },
    });
    expect(vehicle.lookupNotice).toBeUndefined();
  });

  it('refers a plate the lookup does not know, and it cannot be bought', async () => {
    const proposal = await quoteWith({ ...DECLARED_118I, vrn: 'AB12 CDE' });
    expect(proposal.status).toBe('REFERRAL');
    expect(proposal.quote.referralReasons).toEqual([
      {
        code: 'REGISTRATION_NOT_FOUND',
        message: 'We could not find a vehicle with that registration, so get in touch via chat.',
      },
    ]);
    expect(REFERRAL_MESSAGES.REGISTRATION_NOT_FOUND).toBe(
      proposal.quote.referralReasons[0]!.message,
    );
    expect(vehicleOf(proposal.quote)).toMatchObject({
      vrn: 'AB12 CDE',
      regLookup: false,
      registrationUnknown: true,
    });
    const agreements = await suite.app.inject({
      method: 'PUT',
      url: `/api/proposals/${proposal.proposalCode}/agreements`,
      headers,
      payload: { accepted: ['terms-and-conditions'] },
    });
    expect(agreements.statusCode).toBe(409);
    expect(agreements.json().error.message).toBe(REFERRED_MESSAGE);

    // Choosing the car again without the plate takes the referral away.
    const again = await patch(proposal.proposalCode, [carChange(DECLARED_118I)]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('QUOTE');
  });

  it('still refuses an unknown plate on the registration path (nothing saved)', async () => {
    const proposal = await quoteWith(DECLARED_118I);
    const res = await patch(proposal.proposalCode, [
      carChange({ ...BY_REGISTRATION, vrn: 'AB12 CDE' }),
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.fields[0].message).toBe(
      'We could not find a vehicle with that registration.',
    );
  });
});

describe('a change of car on a policy with a typed registration', () => {
  const suite = useTestApp({ at: START, seed: true });
  let owner: Record<string, string>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    owner = await suite.customer('car-changer');
    // The car is read-only for customers on a policy (spec 2 §5): staff change it.
    staff = await suite.staff(['access:impersonate'], {
      userId: 'agent-31',
      impersonate: 'car-changer',
    });
  });

  const changeCar = async (policyId: string, vehicle: unknown) => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: staff,
      payload: { policyId, adjustmentType: 'MTA', changes: [carChange(vehicle)] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PolicyAdjustmentResponse;
  };

  it('re-rates the plate’s car (an M3, not the 118i declared), or refers an unknown plate', async () => {
    const { policyId } = await createBoundPolicy(suite.app, owner);
    const byRegistration = await changeCar(policyId, BY_REGISTRATION);
    const declared = await changeCar(policyId, { ...DECLARED_118I, vrn: M3_PLATE });
    const quoteOf = (adjustment: PolicyAdjustmentResponse) =>
      adjustment.updatedPolicyVersions[0]!.quote;
    expect(vehicleOf(quoteOf(declared))).toMatchObject({
      vrn: 'KY72DXA',
      lookupNotice: M3_NOTICE,
      specification: { vehicleCode: 'BMW-G80-M3-COMP', insuranceGroup: 50 },
    });
    expect(declared.premiumAfter).toBe(byRegistration.premiumAfter);
    expect(declared.prorataPremium).toBe(byRegistration.prorataPremium);
    const the118i = await changeCar(policyId, { ...DECLARED_118I, vrn: 'LB69 KRT' });
    expect(declared.premiumAfter).toBeGreaterThan(2 * the118i.premiumAfter);

    const unknown = await changeCar(policyId, { ...DECLARED_118I, vrn: 'AB12 CDE' });
    expect(quoteOf(unknown).ratingStatus).toBe('REFERRAL');
    expect(quoteOf(unknown).referralReasons.map((reason) => reason.code)).toEqual([
      'REGISTRATION_NOT_FOUND',
    ]);
  });
});
