import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACKING_PARAMETERS } from '@motor/domain';
import { createApiClient } from './api-client';
import {
  TRACKING_STORAGE_KEY,
  getTrackingValues,
  saveTrackingParameters,
  sendProposalTracking,
} from './tracking';

describe('tracking parameters', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('saves every utm parameter of spec 2 §9 from the landing URL, and nothing else', () => {
    const search = `?${TRACKING_PARAMETERS.map((name) => `${name}=${name}-value`).join('&')}&gclid=x&utm_other=y`;
    saveTrackingParameters(search);
    expect(getTrackingValues()).toEqual(
      Object.fromEntries(TRACKING_PARAMETERS.map((name) => [name, `${name}-value`])),
    );
    expect(TRACKING_PARAMETERS).toEqual([
      'utm_medium',
      'utm_campaign',
      'utm_source',
      'utm_ref',
      'utm_channel',
      'utm_term',
      'utm_asset',
      'utm_asset_id',
    ]);
  });

  it('keeps the saved values across pages without parameters; a new campaign overrides what it names', () => {
    saveTrackingParameters('?utm_source=newsletter&utm_campaign=spring');
    saveTrackingParameters('?step=2');
    expect(getTrackingValues()).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
    saveTrackingParameters('?utm_source=retailer&utm_term=&utm_ref=%20');
    expect(getTrackingValues()).toEqual({ utm_source: 'retailer', utm_campaign: 'spring' });
  });

  it('survives a corrupt stored value and caps each value at 200 characters', () => {
    sessionStorage.setItem(TRACKING_STORAGE_KEY, '{not json');
    expect(getTrackingValues()).toEqual({});
    saveTrackingParameters(`?utm_asset=${'a'.repeat(300)}`);
    expect(getTrackingValues().utm_asset).toHaveLength(200);
  });

  it('sends the values with POST /api/proposals/{code}/tracking, and makes no call without any', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    const client = createApiClient({ fetch: fetchMock });
    expect(await sendProposalTracking(client, 'prp_1')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    saveTrackingParameters('?utm_medium=email');
    expect(await sendProposalTracking(client, 'prp_1')).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/proposals/prp_1/tracking',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ utm_medium: 'email' }) }),
    );
  });
});
