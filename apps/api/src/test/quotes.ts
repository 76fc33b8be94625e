// Test kit for suites that buy policies: a priced QUOTE for a customer, in a few calls. With the
// other API test kits under test/, not in modules/policy: suites of every module and flow use it.
import { expect } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import type { ProposalChange } from '@motor/domain';
import { getProductConfig } from '@motor/brand-bmw';
import type { App } from '../app-types';
import { buildCompleteDisclosure, updates } from '../modules/proposal';

/** A bmw-flex (default) or bmw-driveaway proposal in QUOTE for the caller of `headers`. */
export const demoCar = (vrn: string, vehicleCode: string) => ({
  vehicle: { vrn, regLookup: true, specification: { vehicleCode } },
});

export async function createQuote(
  app: App,
  headers: Record<string, string>,
  options: {
    schemeCode?: string;
    extraChanges?: ProposalChange[];
    car?: Record<string, unknown>;
    /** Whether the summary's agreements are accepted (default true: the quote may be bought). */
    acceptAgreements?: boolean;
  } = {},
): Promise<ProposalResponse> {
  const schemeCode = options.schemeCode ?? 'bmw-flex';
  const created = await app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers,
    payload: { schemeCode, brand: 'bmw' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const changes = buildCompleteDisclosure({ car: options.car });
  if (schemeCode === 'bmw-driveaway') {
    changes.push({
      changeType: 'QUOTE_DISCLOSURE_CHANGE',
      update: updates({ renewalMonth: 4, retailer: '10231' }),
    });
  }
  changes.push(...(options.extraChanges ?? []));
  const patched = await app.inject({
    method: 'PATCH',
    url: `/api/proposals/${created.json().proposalCode}`,
    headers,
    payload: { changes, applyRating: true },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const proposal: ProposalResponse = patched.json();
  expect(proposal.status).toBe('QUOTE');
  if (options.acceptAgreements !== false) {
    await acceptAgreements(app, headers, proposal.proposalCode);
  }
  return proposal;
}

/** Every box of the product's checklist, as the summary page sends them. */
export function getChecklistKeys(schemeCode = 'bmw-flex'): string[] {
  return getProductConfig(schemeCode).checkoutChecklist.map((input) => input.name);
}

/** PUT /api/proposals/{code}/agreements with every box of the checklist ticked. */
async function acceptAgreements(
  app: App,
  headers: Record<string, string>,
  proposalCode: string,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/proposals/${proposalCode}/agreements`,
    headers,
    payload: { accepted: getChecklistKeys() },
  });
  expect(res.statusCode, res.body).toBe(200);
}
