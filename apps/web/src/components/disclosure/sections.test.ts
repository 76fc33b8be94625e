import { describe, expect, it } from 'vitest';
import type { FormContext } from '@motor/forms';
import type { ProposalResponse as Proposal } from '@motor/contract';
import {
  buildChanges,
  disclosurePath,
  findInputOfErrorPath,
  getAnswers,
  getBeforeWeBeginInputs,
  getSectionInputs,
  listDisclosureSections,
  nextProfileCode,
} from './sections';

const context: FormContext = { now: new Date('2026-06-15T10:00:00Z'), schemeCode: 'bmw-flex' };

function proposalWith(overrides: Partial<Proposal['quote']> = {}, schemeCode = 'bmw-flex') {
  return {
    proposalCode: 'prp_1',
    schemeCode,
    status: 'INSUFFICIENT_ACCURACY',
    startAt: '2026-06-15T10:00:00.000Z',
    quote: {
      data: {},
      insuredProfiles: [{ profileCode: 'ph', policyholder: true, data: {} }],
      insuredAssets: [{ assetCode: 'car', coreAsset: true, data: {} }],
      ...overrides,
    },
  } as unknown as Proposal;
}

describe('disclosure sections', () => {
  it('splits the brand questions into the sections of spec 2 §2', () => {
    const names = (id: Parameters<typeof getSectionInputs>[1]) =>
      getSectionInputs('bmw-flex', id).inputs.map((input) => input.name);
    expect(names('contact-details')).toEqual(['email', 'phoneNumber', 'marketingPreferences']);
    expect(names('your-cover')).toEqual(['noClaimsDiscount', 'noClaimsDiscountType']);
    expect(names('start-date')).toEqual(['startDate']);
    expect(names('about-you').slice(0, 4)).toEqual([
      'firstName',
      'lastName',
      'dateOfBirth',
      'address',
    ]);
    expect(names('about-you')).not.toContain('email');
    expect(names('your-car')[0]).toBe('vehicle');
    expect(names('your-car')).not.toContain('noClaimsDiscount');
    expect(names('additional-drivers')[0]).toBe('relationshipToInsured');
  });

  it('before we begin asks eligibility; driveaway adds renewal month and retailer', () => {
    expect(getBeforeWeBeginInputs('bmw-flex').map((input) => input.name)).toEqual([
      'eligibilityConfirmed',
    ]);
    expect(getBeforeWeBeginInputs('bmw-driveaway').map((input) => input.name)).toEqual([
      'eligibilityConfirmed',
      'renewalMonth',
      'retailer',
    ]);
  });

  it('sends each target with its change type', () => {
    const proposal = proposalWith();
    const values = { firstName: 'Alice', occupation: undefined, startDate: '2026-07-01' };
    expect(
      buildChanges({
        proposal,
        target: 'profile',
        values,
        changedNames: ['firstName', 'occupation'],
      }),
    ).toEqual([
      {
        changeType: 'PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'ph',
        update: [
          { path: 'firstName', value: 'Alice' },
          { path: 'occupation', value: null },
        ],
      },
    ]);
    expect(
      buildChanges({
        proposal,
        target: 'asset',
        values: { usage: 'BusinessClass1' },
        changedNames: ['usage'],
      }),
    ).toEqual([
      {
        changeType: 'ASSET_DISCLOSURE_CHANGE',
        assetCode: 'car',
        update: [{ path: 'usage', value: 'BusinessClass1' }],
      },
    ]);
    expect(
      buildChanges({
        proposal,
        target: 'quote',
        values: { eligibilityConfirmed: true },
        changedNames: ['eligibilityConfirmed'],
      }),
    ).toEqual([
      {
        changeType: 'QUOTE_DISCLOSURE_CHANGE',
        update: [{ path: 'eligibilityConfirmed', value: true }],
      },
    ]);
    // London midnight of the chosen day (BST: 23:00 UTC the day before).
    expect(
      buildChanges({ proposal, target: 'startDate', values, changedNames: ['startDate'] }),
    ).toEqual([{ changeType: 'START_DATE_CHANGE', startDate: '2026-06-30T23:00:00.000Z' }]);
    expect(buildChanges({ proposal, target: 'startDate', values, changedNames: [] })).toEqual([]);
  });

  it('creates a new additional driver, or changes an existing one', () => {
    const proposal = proposalWith();
    const values = { firstName: 'Bob' };
    expect(
      buildChanges({
        proposal,
        target: 'additionalProfile',
        values,
        changedNames: ['firstName'],
        profileCode: 'p1',
        isNewProfile: true,
      }),
    ).toEqual([
      {
        changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
        profileCode: 'p1',
        update: [{ path: 'firstName', value: 'Bob' }],
      },
    ]);
    expect(
      buildChanges({
        proposal,
        target: 'additionalProfile',
        values,
        changedNames: ['firstName'],
        profileCode: 'p2',
      }),
    ).toEqual([
      {
        changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'p2',
        update: [{ path: 'firstName', value: 'Bob' }],
      },
    ]);
  });

  it('new drivers get p1 first, then the next free code', () => {
    expect(nextProfileCode(proposalWith())).toBe('p1');
    expect(
      nextProfileCode(
        proposalWith({
          insuredProfiles: [
            { profileCode: 'ph', policyholder: true, data: {} },
            { profileCode: 'p1', policyholder: false, data: {} },
          ],
        }),
      ),
    ).toBe('p2');
  });

  it('maps a refused answer back to its question', () => {
    const changes = buildChanges({
      proposal: proposalWith(),
      target: 'profile',
      values: { firstName: 'Al', dateOfBirth: '2030-01-01' },
      changedNames: ['firstName', 'dateOfBirth'],
    });
    expect(findInputOfErrorPath('changes.0.update.1.value', changes)).toBe('dateOfBirth');
    expect(findInputOfErrorPath('changes.0.profileCode', changes)).toBeNull();
    expect(
      findInputOfErrorPath('changes.0.startDate', [
        { changeType: 'START_DATE_CHANGE', startDate: '2026-07-01T00:00:00Z' },
      ]),
    ).toBe('startDate');
  });

  it('lists every section with whether its answers are complete', () => {
    const proposal = proposalWith({
      insuredProfiles: [
        {
          profileCode: 'ph',
          policyholder: true,
          data: {
            email: 'alice@example.com',
            phoneNumber: '+447911123456',
            marketingPreferences: { email: false, phone: false, sms: false },
          },
        },
        { profileCode: 'p1', policyholder: false, data: { firstName: 'Bob' } },
      ],
      insuredAssets: [{ assetCode: 'car', coreAsset: true, data: { noClaimsDiscount: 0 } }],
    });
    const sections = listDisclosureSections({ proposal, productUrlName: 'flex', context });
    expect(sections.map(({ id, isComplete }) => [id, isComplete])).toEqual([
      ['about-you', false],
      ['your-car', false],
      ['additional-drivers', false],
      ['contact-details', true],
      ['your-cover', true],
      ['start-date', true],
    ]);
    expect(sections[0]!.path).toBe('/flex/proposal/prp_1/disclosure/about-you');
    expect(getAnswers(proposal, 'startDate')).toEqual({ startDate: '2026-06-15' });
  });

  it('builds the section and driver paths under a proposal or a renewal', () => {
    const base = { base: '/flex/proposal/prp_1', sectionId: 'additional-drivers' as const };
    expect(disclosurePath(base)).toBe('/flex/proposal/prp_1/disclosure/additional-drivers');
    expect(disclosurePath({ ...base, profileCode: null })).toBe(
      '/flex/proposal/prp_1/disclosure/additional-drivers/profile',
    );
    expect(disclosurePath({ ...base, profileCode: 'p2' })).toBe(
      '/flex/proposal/prp_1/disclosure/additional-drivers/profile/p2',
    );
    expect(
      disclosurePath({
        base: '/flex/renewal/R-1',
        sectionId: 'additional-drivers',
        profileCode: null,
      }),
    ).toBe('/flex/renewal/R-1/disclosure/additional-drivers/profile');
  });
});
