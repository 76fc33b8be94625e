// Campaign tracking (spec 2 §9): the utm_* parameters of the URL a visitor lands on are kept for
// the browser session, so a proposal started pages later still carries them.
import type { ApiClient } from './api-client';
import { brandProposalTracking } from './brand';

export const TRACKING_STORAGE_KEY = 'motor.tracking';
/** The API keeps at most 200 characters a value. */
const MAX_VALUE_LENGTH = 200;

export type TrackingValues = Record<string, string>;

function readStored(storage: Storage): TrackingValues {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TRACKING_STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as TrackingValues) : {};
  } catch {
    return {};
  }
}

/** The brand's tracking parameters present (and non-empty) in a query string. */
function readTrackingParameters(search: string): TrackingValues {
  const params = new URLSearchParams(search);
  const values: TrackingValues = {};
  for (const name of brandProposalTracking) {
    const value = params.get(name)?.trim();
    if (value) values[name] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return values;
}

/**
 * Saves the tracking parameters of a landing URL for this session. A later URL with its own
 * parameters (a second campaign link) overrides those it names; one without keeps what is saved.
 */
export function saveTrackingParameters(
  search: string,
  storage: Storage = window.sessionStorage,
): TrackingValues {
  const found = readTrackingParameters(search);
  const merged = { ...readStored(storage), ...found };
  if (Object.keys(found).length > 0) {
    try {
      storage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(merged));
    } catch {
      // Storage full or blocked (private mode): tracking is best effort.
    }
  }
  return merged;
}

/** The session's tracking values, for POST /api/proposals ({ tracking }) and the tracking call. */
export function getTrackingValues(storage: Storage = window.sessionStorage): TrackingValues {
  return readStored(storage);
}

/** POST /api/proposals/{code}/tracking with the session's values; nothing to send, no call. */
export async function sendProposalTracking(
  client: ApiClient,
  proposalCode: string,
  storage: Storage = window.sessionStorage,
): Promise<boolean> {
  const values = getTrackingValues(storage);
  if (Object.keys(values).length === 0) return false;
  await client.post(`/proposals/${encodeURIComponent(proposalCode)}/tracking`, values);
  return true;
}
