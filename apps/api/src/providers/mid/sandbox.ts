import { createMemorySandboxStore, type SandboxStore } from '../card-payments/sandbox-store';
import {
  MidRejectedError,
  MidUnavailableError,
  type MidConfirmation,
  type MidEntry,
  type MidProvider,
  type MidRemovalReason,
} from './types';

// The sandbox MID: the register the bureau would keep, in the sandbox store (the app connects a
// database-backed one, so the register survives a restart and every process shares it; on its
// own, for the contract test, it is in memory). It fails as a bureau can (README.md):
// - a policyholder surnamed `Midreject` is refused (MidRejectedError) on every submission;
// - a policyholder surnamed `Midtimeout` times out: the entry is recorded but the answer never
//   comes, and after `timeoutMs` the call throws MidUnavailableError (a retry must not add twice);
// - `setOutage('REJECT' | 'TIMEOUT')` does the same to every call until `setOutage(null)`.

const KIND = 'mid-entry';
/** How long a timed-out call hangs before it fails. */
const SANDBOX_TIMEOUT_MS = 2_000;

const MAGIC_SURNAMES = { reject: 'midreject', timeout: 'midtimeout' } as const;

type Outage = 'REJECT' | 'TIMEOUT';

/** One entry of the sandbox register, with what was done to it. */
type SandboxMidRecord = {
  reference: string;
  entry: MidEntry;
  isOnRegister: boolean;
  removalReason: MidRemovalReason | null;
  history: { action: 'ADD' | 'UPDATE' | 'REMOVE'; at: string }[];
};

export type SandboxMid = MidProvider & {
  connectStore(store: SandboxStore): void;
  /** Every call fails this way until set back to null (tests, and a developer at a console). */
  setOutage(outage: Outage | null): void;
  /** The register's record of a policy number, removed or not; null when never added. */
  findRecord(policyNumber: string): Promise<SandboxMidRecord | null>;
};

const referenceOf = (policyNumber: string) => `MID-${policyNumber}`;
const policyNumberOf = (reference: string) => reference.replace(/^MID-/, '');

function surnameOf(entry: MidEntry): string {
  const parts = entry.policyholderName.trim().toLowerCase().split(/\s+/);
  return parts[parts.length - 1] ?? '';
}

export function createSandboxMid(
  options: { store?: SandboxStore; timeoutMs?: number } = {},
): SandboxMid {
  let store = options.store ?? createMemorySandboxStore();
  let outage: Outage | null = null;
  const timeoutMs = options.timeoutMs ?? SANDBOX_TIMEOUT_MS;

  /** Runs a submission as the bureau would answer it, faults included. */
  async function submit(
    entry: MidEntry | null,
    work: () => Promise<MidConfirmation>,
  ): Promise<MidConfirmation> {
    const surname = entry ? surnameOf(entry) : '';
    if (outage === 'REJECT' || surname === MAGIC_SURNAMES.reject) {
      throw new MidRejectedError('The sandbox MID refused the submission');
    }
    const confirmation = await work();
    if (outage === 'TIMEOUT' || surname === MAGIC_SURNAMES.timeout) {
      await new Promise((resolve) => setTimeout(resolve, timeoutMs));
      throw new MidUnavailableError('The sandbox MID did not answer in time');
    }
    return confirmation;
  }

  const read = (policyNumber: string) => store.get<SandboxMidRecord>(KIND, policyNumber);

  return {
    adapter: 'sandbox',
    connectStore(next) {
      store = next;
    },
    setOutage(next) {
      outage = next;
    },
    findRecord: read,
    addVehicle(entry, { now }) {
      return submit(entry, async () => {
        const at = now.toISOString();
        const existing = await read(entry.policyNumber);
        const record: SandboxMidRecord = {
          reference: referenceOf(entry.policyNumber),
          entry,
          isOnRegister: true,
          removalReason: null,
          history: [...(existing?.history ?? []), { action: 'ADD', at }],
        };
        await store.put(KIND, entry.policyNumber, record);
        return { reference: record.reference, confirmedAt: at };
      });
    },
    updateVehicle(reference, entry, { now }) {
      return submit(entry, async () => {
        const existing = await read(policyNumberOf(reference));
        if (!existing?.isOnRegister || existing.reference !== reference) {
          throw new MidRejectedError(`The MID holds no entry ${reference}`);
        }
        const at = now.toISOString();
        await store.put(KIND, entry.policyNumber, {
          ...existing,
          entry,
          history: [...existing.history, { action: 'UPDATE', at }],
        });
        return { reference, confirmedAt: at };
      });
    },
    async removeVehicle(reference, { reason, now }) {
      const existing = await read(policyNumberOf(reference));
      return submit(existing?.entry ?? null, async () => {
        const at = now.toISOString();
        if (existing?.isOnRegister) {
          await store.put(KIND, existing.entry.policyNumber, {
            ...existing,
            isOnRegister: false,
            removalReason: reason,
            history: [...existing.history, { action: 'REMOVE', at }],
          });
        }
        return { reference, confirmedAt: at };
      });
    },
  };
}
