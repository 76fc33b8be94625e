import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('config', () => {
  it('has defaults that run offline', () => {
    const config = parseConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.resolve('.data'),
      pgliteDir: path.resolve('.data', 'pglite'),
      logLevel: 'warn',
      nodeEnv: 'development',
      webDistDir: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
      seedDemoData: true,
      jobsEnabled: true,
      identity: {
        issuer: 'http://localhost:3000/auth',
        isEmbedded: true,
        clientId: 'motor-web',
        audience: 'http://localhost:3000/api',
        rolesClaim: 'roles',
        permissionsClaim: 'permissions',
        smtpUrl: undefined,
        mailFrom: 'Motor Insurance <no-reply@localhost>',
        signInCodeLimits: { perAddressAndClient: 5, perAddress: 50, perClient: 20 },
      },
      payments: {
        stripeSecretKey: undefined,
        stripeWebhookSecret: undefined,
        goCardlessAccessToken: undefined,
        goCardlessWebhookSecret: undefined,
        sandboxWebhookSecret: undefined,
      },
    });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://motor.example.com/',
      DATABASE_URL: 'postgres://app@db:5432/motor',
      DATA_DIR: '/var/lib/motor',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      WEB_DIST_DIR: '/srv/web',
      SEED_DEMO_DATA: 'false',
      JOBS_ENABLED: 'false',
      OIDC_ISSUER: 'https://login.example.com/',
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: 'https://api.example.com',
      OIDC_ROLES_CLAIM: 'https://example.com/roles',
      OIDC_PERMISSIONS_CLAIM: 'scp',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      GOCARDLESS_ACCESS_TOKEN: 'live_abc',
      GOCARDLESS_WEBHOOK_SECRET: 'gc-secret',
      SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-0123456789',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Motor <motor@example.com>',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://motor.example.com',
      databaseUrl: 'postgres://app@db:5432/motor',
      dataDir: '/var/lib/motor',
      pgliteDir: '/var/lib/motor/pglite',
      logLevel: 'info',
      nodeEnv: 'production',
      webDistDir: '/srv/web',
      seedDemoData: false,
      jobsEnabled: false,
      identity: {
        issuer: 'https://login.example.com',
        isEmbedded: false,
        clientId: 'spa',
        audience: 'https://api.example.com',
        rolesClaim: 'https://example.com/roles',
        permissionsClaim: 'scp',
        smtpUrl: 'smtp://mail:25',
        mailFrom: 'Motor <motor@example.com>',
        signInCodeLimits: { perAddressAndClient: 5, perAddress: 50, perClient: 20 },
      },
      payments: {
        stripeSecretKey: 'sk_live_abc',
        stripeWebhookSecret: 'whsec_abc',
        goCardlessAccessToken: 'live_abc',
        goCardlessWebhookSecret: 'gc-secret',
        sandboxWebhookSecret: 'sandbox-secret-0123456789',
      },
    });
  });

  it('derives PUBLIC_URL from PORT and treats empty variables as unset', () => {
    const config = parseConfig({ PORT: '4100', DATABASE_URL: '', SEED_DEMO_DATA: '' });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
  });

  it('names every bad variable at once', () => {
    const parse = () =>
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/x',
        LOG_LEVEL: 'loud',
        SEED_DEMO_DATA: 'maybe',
        PUBLIC_URL: 'localhost:3000',
      });
    expect(parse).toThrow(ConfigError);
    try {
      parse();
    } catch (error) {
      const { problems, message } = error as ConfigError;
      expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
        'DATABASE_URL',
        'LOG_LEVEL',
        'PORT',
        'PUBLIC_URL',
        'SEED_DEMO_DATA',
      ]);
      expect(message).toMatch(/^Invalid environment:\n {2}- /);
      expect(message).toContain('LOG_LEVEL: must be one of fatal, error, warn, info');
    }
  });

  it('refuses a payment provider key without its webhook secret', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both or neither/,
    );
    expect(() => parseConfig({ GOCARDLESS_WEBHOOK_SECRET: 'x' })).toThrow(/GOCARDLESS/);
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/sk_ or rk_/);
  });

  it('refuses a port out of range', () => {
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
