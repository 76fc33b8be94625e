import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './types';

// The sandboxes sign webhooks like Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "t.body">`, so a captured request cannot be replayed after the tolerance.

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function signSandboxPayload(options: { secret: string; body: string; now: Date }): string {
  const timestamp = Math.floor(options.now.getTime() / 1000);
  return `t=${timestamp},v1=${hmacHex(options.secret, `${timestamp}.${options.body}`)}`;
}

/** Checks a `t=...,v1=...` header over the raw body; throws WebhookSignatureError. */
export function verifySandboxSignature(options: {
  secret: string;
  rawBody: Buffer;
  header: string | string[] | undefined;
  now: Date;
}): void {
  const header = Array.isArray(options.header) ? options.header[0] : options.header;
  if (!header) throw new WebhookSignatureError('Missing signature header');
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...rest] = part.trim().split('=');
      return [key, rest.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
    throw new WebhookSignatureError('Malformed signature header');
  }
  const ageSeconds = Math.abs(options.now.getTime() / 1000 - timestamp);
  if (ageSeconds > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Signature timestamp outside the tolerance');
  }
  const expected = hmacHex(options.secret, `${timestamp}.${options.rawBody.toString('utf8')}`);
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) {
    throw new WebhookSignatureError('Signature does not match');
  }
}
