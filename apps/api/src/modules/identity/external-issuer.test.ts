// With OIDC_ISSUER set, the API trusts that issuer's keys (found through its discovery document)
// and reads roles and permissions from the configured claims; the embedded provider is not mounted.
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestApp, createTestConfig } from '../../test/test-app';
import type { Principal } from './principal';
import { bearer } from './test-tokens';

describe('an external OpenID Connect issuer', () => {
  let app: App;
  let issuerServer: Server;
  let issuer: string;
  let sign: (claims: Record<string, unknown>, options?: { kid?: string }) => Promise<string>;
  const audience = 'https://api.motor.example';

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
    issuerServer = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/.well-known/openid-configuration') {
        response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      } else if (request.url === '/jwks') {
        response.end(JSON.stringify({ keys: [jwk] }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    const address = issuerServer.address();
    issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'ext-1' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);

    const base = createTestConfig();
    app = await createTestApp({
      config: {
        identity: {
          ...base.identity,
          issuer,
          isEmbedded: false,
          audience,
          rolesClaim: 'https://motor.example/roles',
          permissionsClaim: 'scp',
        },
      },
    });
    app.get('/api/test/me', { config: { access: ['customer', 'admin'] } }, (request) => ({
      principal: request.principal as Principal,
    }));
    // The clock of the test app is in 2026-01; these tokens use the real time.
    (app.clock as { set?: (date: Date) => void }).set?.(new Date());
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => issuerServer.close(resolve));
  });

  it('accepts its tokens and reads roles and permissions from the configured claims', async () => {
    const customer = await sign({ sub: 'ext-user-1' });
    const asCustomer = await app.inject({ url: '/api/test/me', headers: bearer(customer) });
    expect(asCustomer.json().principal).toEqual({
      kind: 'customer',
      userId: 'ext-user-1',
      permissions: [],
    });
    const admin = await sign({
      sub: 'ext-admin',
      'https://motor.example/roles': ['admin'],
      scp: 'access:impersonate action:mta-claims',
    });
    const asAdmin = await app.inject({
      url: '/api/test/me',
      headers: { ...bearer(admin), 'x-impersonate-user': 'ext-user-1' },
    });
    expect(asAdmin.json().principal).toEqual({
      kind: 'admin',
      userId: 'ext-admin',
      actingForUserId: 'ext-user-1',
      permissions: ['access:impersonate', 'action:mta-claims'],
    });
  });

  it('gives a first-time external customer a users row with username Unknown', async () => {
    const token = await sign({ sub: 'ext-new' });
    const response = await app.inject({ url: '/api/policyholder', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: 'ext-new',
      connection: 'external',
      username: 'Unknown',
    });
  });

  it('refuses tokens signed by an unknown key and does not mount the embedded provider', async () => {
    const unknownKid = await sign({ sub: 'x' }, { kid: 'other' });
    expect(
      (await app.inject({ url: '/api/test/me', headers: bearer(unknownKid) })).statusCode,
    ).toBe(401);
    const discovery = await app.inject({ url: '/auth/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
  });
});
