// Test helpers for suites that buy policies: a priced QUOTE for a customer, in a few calls.
import { expect } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import type { ProposalChange } from '@motor/domain';
import type { App } from '../../app';
import { buildCompleteDisclosure, updates } from '../proposal/fixtures';

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
  return proposal;
}
