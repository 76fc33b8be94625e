// The MID contract (types.ts) against the sandbox, on its own in-memory register: what a bureau
// adapter must also do (idempotent add, update of a held entry only, idempotent removal), and the
// sandbox's failure switches (README.md "Motor Insurance Database").
import { describe, expect, it } from 'vitest';
import { createMemorySandboxStore } from '../card-payments/sandbox-store';
import { createSandboxMid } from './sandbox';
import { MidRejectedError, MidUnavailableError, type MidEntry } from './types';

const NOW = new Date('2026-03-02T09:00:00.000Z');
const LATER = new Date('2026-03-05T12:00:00.000Z');

const entry = (overrides: Partial<MidEntry> = {}): MidEntry => ({
  policyNumber: 'BMW-FLX-000123',
  registration: 'BM24XYZ',
  coverStartAt: '2026-03-02T09:00:00.000Z',
  coverEndAt: '2027-03-02T09:00:00.000Z',
  policyholderName: 'Jane Smith',
  ...overrides,
});

describe('MID provider contract: sandbox', () => {
  it('adds a vehicle, answering a reference; adding again replaces the entry, not a second', async () => {
    const mid = createSandboxMid();
    const first = await mid.addVehicle(entry(), { now: NOW });
    expect(first).toEqual({ reference: 'MID-BMW-FLX-000123', confirmedAt: NOW.toISOString() });
    const again = await mid.addVehicle(entry({ policyholderName: 'Jane Smyth' }), { now: LATER });
    expect(again.reference).toBe(first.reference);
    const record = await mid.findRecord('BMW-FLX-000123');
    expect(record).toMatchObject({
      isOnRegister: true,
      entry: { registration: 'BM24XYZ', policyholderName: 'Jane Smyth' },
    });
    expect(record?.history.map((step) => step.action)).toEqual(['ADD', 'ADD']);
  });

  it('updates the car and dates of an entry it holds; refuses one it does not', async () => {
    const mid = createSandboxMid();
    const { reference } = await mid.addVehicle(entry(), { now: NOW });
    const changed = entry({ registration: 'LB69KRT', coverEndAt: '2026-12-01T00:00:00.000Z' });
    await expect(mid.updateVehicle(reference, changed, { now: LATER })).resolves.toEqual({
      reference,
      confirmedAt: LATER.toISOString(),
    });
    expect((await mid.findRecord('BMW-FLX-000123'))?.entry).toEqual(changed);
    await expect(
      mid.updateVehicle('MID-BMW-FLX-999999', entry({ policyNumber: 'BMW-FLX-999999' }), {
        now: LATER,
      }),
    ).rejects.toBeInstanceOf(MidRejectedError);
  });

  it('removes an entry with its reason; removing it again changes nothing', async () => {
    const mid = createSandboxMid();
    const { reference } = await mid.addVehicle(entry(), { now: NOW });
    await mid.removeVehicle(reference, { reason: 'CANCELLED', now: LATER });
    await mid.removeVehicle(reference, { reason: 'CANCELLED', now: LATER });
    const record = await mid.findRecord('BMW-FLX-000123');
    expect(record).toMatchObject({ isOnRegister: false, removalReason: 'CANCELLED' });
    expect(record?.history.map((step) => step.action)).toEqual(['ADD', 'REMOVE']);
    // An entry removed is no longer updated.
    await expect(mid.updateVehicle(reference, entry(), { now: LATER })).rejects.toBeInstanceOf(
      MidRejectedError,
    );
  });

  it('keeps its register in the store it is given (the database, in the app)', async () => {
    const store = createMemorySandboxStore();
    await createSandboxMid({ store }).addVehicle(entry(), { now: NOW });
    const restarted = createSandboxMid({ store });
    expect((await restarted.findRecord('BMW-FLX-000123'))?.isOnRegister).toBe(true);
  });

  it('refuses a policyholder surnamed Midreject, and everything during a REJECT outage', async () => {
    const mid = createSandboxMid();
    await expect(
      mid.addVehicle(entry({ policyholderName: 'Sam Midreject' }), { now: NOW }),
    ).rejects.toBeInstanceOf(MidRejectedError);
    expect(await mid.findRecord('BMW-FLX-000123')).toBeNull();
    mid.setOutage('REJECT');
    await expect(mid.addVehicle(entry(), { now: NOW })).rejects.toBeInstanceOf(MidRejectedError);
    mid.setOutage(null);
    await expect(mid.addVehicle(entry(), { now: NOW })).resolves.toMatchObject({
      reference: 'MID-BMW-FLX-000123',
    });
  });

  it('times out after doing the work (surname Midtimeout, or a TIMEOUT outage): a retry adds once', async () => {
    const mid = createSandboxMid({ timeoutMs: 5 });
    await expect(
      mid.addVehicle(entry({ policyholderName: 'Sam Midtimeout' }), { now: NOW }),
    ).rejects.toBeInstanceOf(MidUnavailableError);
    expect((await mid.findRecord('BMW-FLX-000123'))?.isOnRegister).toBe(true);
    // A TIMEOUT outage: the removal is made, its answer lost; the retry removes nothing more.
    const other = entry({ policyNumber: 'BMW-FLX-000124' });
    await mid.addVehicle(other, { now: NOW });
    mid.setOutage('TIMEOUT');
    await expect(
      mid.removeVehicle('MID-BMW-FLX-000124', { reason: 'LAPSED', now: LATER }),
    ).rejects.toBeInstanceOf(MidUnavailableError);
    mid.setOutage(null);
    await mid.removeVehicle('MID-BMW-FLX-000124', { reason: 'LAPSED', now: LATER });
    const record = await mid.findRecord('BMW-FLX-000124');
    expect(record?.isOnRegister).toBe(false);
    expect(record?.history.map((step) => step.action)).toEqual(['ADD', 'REMOVE']);
  });
});
