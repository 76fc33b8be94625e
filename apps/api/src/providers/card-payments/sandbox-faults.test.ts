import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandboxCardPayments } from './sandbox';
import { createSandboxFaultInjector, SANDBOX_TIMEOUT_MESSAGE } from './sandbox-faults';
import { ProviderUnavailableError } from './types';

// The sandbox's fault switches (bench/faults.ts): a timed-out call has done its work and then
// fails as a vendor SDK's timeout would; every signed webhook can be captured for re-posting.

const NOW = new Date('2026-03-02T09:00:00.000Z');

describe('sandbox fault switches', () => {
  it('a timed-out call does the work, then fails with ProviderUnavailableError', async () => {
    let calls = 0;
    const faults = createSandboxFaultInjector(
      { timeoutRate: 0.5, webhookCaptureFile: undefined },
      { random: () => 0.4, timeoutMs: 1 },
    );
    const failed = faults.call(async () => (calls += 1));
    await expect(failed).rejects.toThrow(ProviderUnavailableError);
    await expect(failed).rejects.toThrow(SANDBOX_TIMEOUT_MESSAGE);
    expect(calls).toBe(1);
    const spared = createSandboxFaultInjector(
      { timeoutRate: 0.5, webhookCaptureFile: undefined },
      { random: () => 0.6, timeoutMs: 1 },
    );
    await expect(spared.call(async () => 'answer')).resolves.toBe('answer');
    await expect(createSandboxFaultInjector(undefined).call(async () => 1)).resolves.toBe(1);
  });

  it('captures every signed card webhook as one JSON line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-faults-'));
    try {
      const file = join(dir, 'webhooks.jsonl');
      const sandbox = createSandboxCardPayments({
        webhookSecret: 'sandbox-secret-0123456789',
        faults: { timeoutRate: 0, webhookCaptureFile: file },
      });
      const { providerSessionId } = await sandbox.createCheckoutSession({
        mode: 'PAYMENT',
        reference: 'ps_capture',
        customerReference: 'user-1',
        amountPence: 1_234,
        description: 'Motor insurance',
        saveCard: false,
        successUrl: 'http://localhost:3000/done',
        cancelUrl: 'http://localhost:3000/cancel',
      });
      const outcome = await sandbox.submitCard({
        providerSessionId,
        card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
        now: NOW,
      });
      expect(outcome.kind).toBe('COMPLETED');
      const lines = (await readFile(file, 'utf8')).trim().split('\n');
      expect(lines).toHaveLength(1);
      const captured = JSON.parse(lines[0]!) as {
        provider: string;
        path: string;
        body: string;
        headers: Record<string, string>;
      };
      expect(captured).toMatchObject({ provider: 'CARD', path: '/api/webhooks/card' });
      expect(outcome.kind === 'COMPLETED' && outcome.deliveries[0]).toEqual({
        body: captured.body,
        headers: captured.headers,
      });
      // The captured delivery is what the provider signed: our endpoint's parser accepts it.
      const event = await sandbox.parseWebhook({
        rawBody: Buffer.from(captured.body),
        headers: captured.headers,
        now: NOW,
      });
      expect(event).toMatchObject({ type: 'PAYMENT_SUCCEEDED', amountPence: 1_234 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
