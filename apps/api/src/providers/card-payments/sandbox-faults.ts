import { appendFileSync } from 'node:fs';
import { ProviderUnavailableError } from './types';

// Fault switches of the sandbox payment providers, for the fault bench (bench/faults.ts, issue 21
// item 13); off unless configured, refused in production (config.ts). Never used by a vendor adapter.

export type SandboxFaults = {
  /**
   * SANDBOX_PROVIDER_TIMEOUT_RATE: the share (0–1) of our calls to a sandbox provider that time
   * out. The provider has done the work (a session made, a mandate read) but its answer never
   * comes: after TIMEOUT_MS the call fails with ProviderUnavailableError, as a vendor SDK's
   * timeout would, and a retry must not do the work twice.
   */
  timeoutRate: number;
  /**
   * SANDBOX_WEBHOOK_CAPTURE_FILE: every webhook the sandboxes sign is appended to this file as a
   * JSON line `{ provider, path, headers, body }`, so a bench can re-post, reorder and duplicate
   * them (and redeliver one its process died sending, as a real provider does).
   */
  webhookCaptureFile: string | undefined;
};

/** How long a timed-out call hangs before it fails. */
const SANDBOX_TIMEOUT_MS = 1_500;

export const SANDBOX_TIMEOUT_MESSAGE =
  'The sandbox provider timed out (SANDBOX_PROVIDER_TIMEOUT_RATE)';

type SandboxFaultInjector = {
  /** Runs a provider call; with the timeout fault drawn, waits and throws after the work. */
  call<T>(run: () => Promise<T>): Promise<T>;
  /** Records a signed delivery when a capture file is configured. */
  capture(
    provider: 'CARD' | 'DIRECT_DEBIT',
    delivery: { body: string; headers: Record<string, string> },
  ): void;
};

export function createSandboxFaultInjector(
  faults: SandboxFaults | undefined,
  options: { random?: () => number; timeoutMs?: number } = {},
): SandboxFaultInjector {
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? SANDBOX_TIMEOUT_MS;
  return {
    async call(run) {
      const result = await run();
      if (faults && faults.timeoutRate > 0 && random() < faults.timeoutRate) {
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        throw new ProviderUnavailableError(SANDBOX_TIMEOUT_MESSAGE);
      }
      return result;
    },
    capture(provider, delivery) {
      if (!faults?.webhookCaptureFile) return;
      const path = provider === 'CARD' ? '/api/webhooks/card' : '/api/webhooks/direct-debit';
      // One short line per write with O_APPEND: lines of several processes do not interleave.
      appendFileSync(
        faults.webhookCaptureFile,
        `${JSON.stringify({ provider, path, ...delivery })}\n`,
      );
    },
  };
}
