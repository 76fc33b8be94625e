import { describe, expect, it } from 'vitest';
import { getProductConfig } from '../../lib/brand-products';
import {
  getContinueLabel,
  getMissingConfirmation,
  getSectionOfMissing,
  getStepAfterConfiguration,
} from './proposal-rules';
import { buildProposal, withQuote } from '../../test/proposal-fixture';
import { getQuoteDocuments } from '../../components/ui/document-links';

const flex = getProductConfig('bmw-flex');

describe('quote rules', () => {
  it('nothing is missing on a complete quote', () => {
    expect(getMissingConfirmation(buildProposal(), flex)).toEqual([]);
  });

  it('asks the confirmation inputs without an answer, and the registration when undefined', () => {
    const proposal = buildProposal();
    const holder = proposal.quote.insuredProfiles[0]!;
    const car = proposal.quote.insuredAssets[0]!;
    const missing = getMissingConfirmation(
      withQuote({
        insuredProfiles: [{ ...holder, data: { firstName: 'Jane', lastName: ' ' } }],
        insuredAssets: [
          { ...car, data: { vehicle: { specification: { vehicleCode: 'X' }, vrn: undefined } } },
        ],
      }),
      flex,
    );
    expect(missing).toEqual(['lastName', 'dateOfBirth', 'address', 'email', 'vehicleRegistration']);
  });

  it('asks for the vehicle itself, not its registration, when there is no car yet', () => {
    const car = buildProposal().quote.insuredAssets[0]!;
    expect(
      getMissingConfirmation(withQuote({ insuredAssets: [{ ...car, data: {} }] }), flex),
    ).toEqual(['vehicle']);
  });

  it('labels continue: continue, active-promo or inactive-promo', () => {
    expect(getContinueLabel(buildProposal())).toBe('continue');
    expect(
      getContinueLabel(withQuote({ totals: { discounted: 0 } }, { promoCode: 'flex-welcome' })),
    ).toBe('activePromo');
    expect(getContinueLabel(buildProposal({ promoCode: 'flex-welcome' }))).toBe('inactivePromo');
  });

  it('goes to add-ons when covers can be added, else to the summary, registered or not', () => {
    expect(getStepAfterConfiguration({ hasOptionalCovers: true })).toBe('add-ons');
    expect(getStepAfterConfiguration({ hasOptionalCovers: false })).toBe('summary');
  });

  it('maps a missing rating answer to the section that asks it', () => {
    expect(getSectionOfMissing('quote.eligibilityConfirmed')).toBe('before-we-begin');
    expect(getSectionOfMissing('mainDriver.claims')).toBe('about-you');
    expect(getSectionOfMissing('mainDriver.ncdYears')).toBe('your-cover');
    expect(getSectionOfMissing('annualMileage')).toBe('your-car');
  });

  it('lists the product documents, the documents of active covers, then the static ones', () => {
    const legal = withQuote({
      covers: buildProposal().quote.covers.map((cover) =>
        cover.code === 'legal_expenses' ? { ...cover, active: true } : cover,
      ),
    });
    expect(getQuoteDocuments(buildProposal(), flex)).toEqual([
      'ipid',
      'policy-wording',
      'business-terms',
    ]);
    expect(getQuoteDocuments(legal, flex)).toEqual([
      'ipid',
      'policy-wording',
      'legal-ipid',
      'legal-wording',
      'business-terms',
    ]);
  });
});
