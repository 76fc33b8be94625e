import type {
  LookupVehicleSpecification,
  VehicleLookupProvider,
} from '../../providers/vehicle-lookup';
import type { ProposalRow, SavedProposal } from './repository';

/** Enough for every proposal being filled in at once on one process; memory stays bounded. */
const DEFAULT_CAPACITY = 1_000;

/**
 * The last saved state of proposals, as each successful save left it (decision 013), for a
 * rated PATCH to start from without reading the proposal first. Only a hint: the save is
 * conditional on the revision, and every write to a proposal changes its revision (a trigger),
 * so a PATCH that started from a stale entry fails its save and runs again from the database.
 * Entries are frozen (their instants are never changed in place either: changes assign new
 * ones) and hold the data as JSON text: each use parses its own copy, which the service changes.
 */
export class ProposalCache {
  readonly #entries = new Map<string, Readonly<SavedProposal>>();

  constructor(readonly capacity = DEFAULT_CAPACITY) {}

  get size(): number {
    return this.#entries.size;
  }

  /** A fresh row of the cached state (quote: null, as a row read without its quote). */
  read(proposalCode: string): ProposalRow | null {
    const entry = this.#entries.get(proposalCode);
    if (!entry) return null;
    const { dataText, ...columns } = entry;
    return { ...columns, data: JSON.parse(dataText) as ProposalRow['data'], quote: null };
  }

  /**
   * Keeps a saved state, newest first out of the way of eviction. Saves of one proposal may be
   * answered out of order (several connections): an older revision never replaces a newer one.
   */
  remember(saved: SavedProposal): void {
    const current = this.#entries.get(saved.proposalCode);
    if (current && current.revision > saved.revision) return;
    this.#entries.delete(saved.proposalCode);
    Object.freeze(saved.tracking);
    this.#entries.set(saved.proposalCode, Object.freeze(saved));
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  forget(proposalCode: string): void {
    this.#entries.delete(proposalCode);
  }
}

/**
 * The vehicle lookup for one request that may run twice (a speculative run from the cache, then
 * from the database): the second run reuses the first's answers (or failures), so the provider
 * is asked once per registration or vehicle code per request, as without a cache.
 */
export function lookupOncePerRequest(lookup: VehicleLookupProvider): VehicleLookupProvider {
  const byRegistration = new Map<string, Promise<LookupVehicleSpecification | null>>();
  const bySpecification = new Map<string, Promise<LookupVehicleSpecification | null>>();
  const once = (
    answers: Map<string, Promise<LookupVehicleSpecification | null>>,
    key: string,
    ask: () => Promise<LookupVehicleSpecification | null>,
  ) => {
    const answer = answers.get(key) ?? ask();
    answers.set(key, answer);
    return answer;
  };
  // The provider's other methods as they are (through the prototype), whatever its shape.
  const memoized: VehicleLookupProvider = Object.create(lookup);
  memoized.findVehicleByRegistration = (vrn) =>
    once(byRegistration, vrn, () => lookup.findVehicleByRegistration(vrn));
  memoized.findSpecification = (vehicleCode) =>
    once(bySpecification, vehicleCode, () => lookup.findSpecification(vehicleCode));
  return memoized;
}
