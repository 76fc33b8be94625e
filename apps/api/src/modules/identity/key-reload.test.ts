// Issue 21 item 8: a bearer token naming an unknown key id made the API re-read the signing
// keys from the database every time (one query per forged token). Now it re-reads at most once
// per KEY_RELOAD_INTERVAL_MS; a key another process rotated in is still found after that.
import { exportJWK, generateKeyPair, decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { signingKeys } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { KEY_RELOAD_INTERVAL_MS } from './tokens';

describe('signing keys re-read at most once per interval', () => {
  const clock = createTestClock('2026-03-02T09:00:00.000Z');
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  async function signWith(kid: string, payload: Record<string, unknown>) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
      .sign(privateKey);
    return { token, jwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' } };
  }

  it('a forged kid triggers one reload; a rotated key is found once the interval has passed', async () => {
    const session = await app.inject({ method: 'POST', url: '/api/session', payload: {} });
    const genuine = session.json().accessToken as string;
    expect(await app.tokens.verifyAccessToken(genuine)).not.toBeNull();
    const claims = decodeJwt(genuine);

    // A made-up kid: refused (and the keys were re-read once, now).
    const forged = await signWith('session-forged', claims);
    expect(await app.tokens.verifyAccessToken(forged.token)).toBeNull();

    // Another process rotates in a new key and signs with it: within the interval this process
    // does not go back to the database (that is what a flood of forged kids cannot force) ...
    const rotated = await signWith('session-2', claims);
    await app.db.insert(signingKeys).values({
      kid: 'session-2',
      purpose: 'session',
      privateJwk: rotated.jwk,
      createdAt: clock.now(),
    });
    expect(await app.tokens.verifyAccessToken(rotated.token)).toBeNull();
    // ... and after it, the next unknown kid re-reads the keys and the new one is accepted.
    clock.advance(KEY_RELOAD_INTERVAL_MS + 1000);
    expect(await app.tokens.verifyAccessToken(rotated.token)).not.toBeNull();
  });
});
