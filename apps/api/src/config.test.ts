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
      brandPackages: ['@motor/brand-bmw'],
      jobsEnabled: true,
      shutdownDrainMs: 1000,
      jobConcurrency: 1,
      ntuAfterDays: 14,
      directDebitNoticesSentBy: 'APP',
      upsellOfferDays: 2,
      metricsToken: undefined,
      release: 'local',
      analytics: { posthog: null, retentionDays: 395 },
      errorRetentionDays: 90,
      sentryDsn: undefined,
      identity: {
        issuer: 'http://localhost:3000/auth',
        isEmbedded: true,
        clientId: 'motor-web',
        audience: 'http://localhost:3000/api',
        rolesClaim: 'roles',
        permissionsClaim: 'permissions',
        accessTokenTtlSeconds: 600,
        smtpUrl: undefined,
        mailFrom: 'Motor Insurance <no-reply@localhost>',
        signInCodeLimits: { perAddressAndClient: 5, perAddress: 50, perClient: 20 },
      },
      rateLimits: {
        lookups: { perClient: 120, perSession: 60 },
        sessions: { perClient: 100 },
        chatMessages: { perClient: 60, perSession: 10 },
      },
      payments: {
        stripeSecretKey: undefined,
        stripeWebhookSecret: undefined,
        goCardlessAccessToken: undefined,
        goCardlessWebhookSecret: undefined,
        sandboxWebhookSecret: undefined,
      },
      storage: { provider: 'local-disk', root: path.resolve('.data', 'blobs') },
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
      BRAND_PACKAGES: '@motor/brand-northwind,@motor/brand-bmw',
      JOBS_ENABLED: 'false',
      SHUTDOWN_DRAIN_MS: '5000',
      METRICS_TOKEN: 'a-scraper-token-0123',
      RELEASE: '2026.11.28',
      POSTHOG_API_KEY: 'phc_project',
      POSTHOG_HOST: 'https://posthog.internal.example.com',
      ANALYTICS_RETENTION_DAYS: '180',
      ERROR_RETENTION_DAYS: '30',
      SENTRY_DSN: 'https://publickey@o1.ingest.sentry.io/42',
      JOB_CONCURRENCY: '2',
      NTU_AFTER_DAYS: '10',
      DIRECT_DEBIT_NOTICES_SENT_BY: 'provider',
      UPSELL_OFFER_DAYS: '3',
      OIDC_ISSUER: 'https://login.example.com/',
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: 'https://api.example.com',
      OIDC_ROLES_CLAIM: 'https://example.com/roles',
      OIDC_PERMISSIONS_CLAIM: 'scp',
      OIDC_ACCESS_TOKEN_TTL_SECONDS: '300',
      SIGN_IN_CODES_PER_CLIENT_PER_HOUR: '300',
      SIGN_IN_CODES_PER_ADDRESS_PER_HOUR: '60',
      LOOKUPS_PER_CLIENT_PER_MINUTE: '600',
      LOOKUPS_PER_SESSION_PER_MINUTE: '90',
      SESSIONS_PER_CLIENT_PER_HOUR: '500',
      CHAT_MESSAGES_PER_CLIENT_PER_MINUTE: '200',
      CHAT_MESSAGES_PER_SESSION_PER_MINUTE: '20',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      GOCARDLESS_ACCESS_TOKEN: 'live_abc',
      GOCARDLESS_WEBHOOK_SECRET: 'gc-secret',
      SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-0123456789',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Motor <motor@example.com>',
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: 'https://s3.example.com/',
      S3_REGION: 'eu-west-2',
      S3_BUCKET: 'motor-documents',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 's3-secret',
      S3_FORCE_PATH_STYLE: 'false',
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
      brandPackages: ['@motor/brand-northwind', '@motor/brand-bmw'],
      jobsEnabled: false,
      shutdownDrainMs: 5000,
      jobConcurrency: 2,
      ntuAfterDays: 10,
      directDebitNoticesSentBy: 'PROVIDER',
      upsellOfferDays: 3,
      metricsToken: 'a-scraper-token-0123',
      release: '2026.11.28',
      analytics: {
        posthog: { apiKey: 'phc_project', host: 'https://posthog.internal.example.com' },
        retentionDays: 180,
      },
      errorRetentionDays: 30,
      sentryDsn: 'https://publickey@o1.ingest.sentry.io/42',
      identity: {
        issuer: 'https://login.example.com',
        isEmbedded: false,
        clientId: 'spa',
        audience: 'https://api.example.com',
        rolesClaim: 'https://example.com/roles',
        permissionsClaim: 'scp',
        accessTokenTtlSeconds: 300,
        smtpUrl: 'smtp://mail:25',
        mailFrom: 'Motor <motor@example.com>',
        signInCodeLimits: { perAddressAndClient: 60, perAddress: 60, perClient: 300 },
      },
      rateLimits: {
        lookups: { perClient: 600, perSession: 90 },
        sessions: { perClient: 500 },
        chatMessages: { perClient: 200, perSession: 20 },
      },
      payments: {
        stripeSecretKey: 'sk_live_abc',
        stripeWebhookSecret: 'whsec_abc',
        goCardlessAccessToken: 'live_abc',
        goCardlessWebhookSecret: 'gc-secret',
        sandboxWebhookSecret: 'sandbox-secret-0123456789',
      },
      storage: {
        provider: 's3',
        bucket: 'motor-documents',
        region: 'eu-west-2',
        endpoint: 'https://s3.example.com',
        forcePathStyle: false,
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 's3-secret' },
      },
    });
  });

  it('refuses a DIRECT_DEBIT_NOTICES_SENT_BY other than app or provider', () => {
    expect(() => parseConfig({ DIRECT_DEBIT_NOTICES_SENT_BY: 'both' })).toThrow(
      /DIRECT_DEBIT_NOTICES_SENT_BY: must be app or provider/,
    );
  });

  it('runs 4 jobs at once on PostgreSQL and 1 on PGlite unless JOB_CONCURRENCY says', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://app@db:5432/motor' }).jobConcurrency).toBe(4);
    expect(parseConfig({}).jobConcurrency).toBe(1);
    expect(() => parseConfig({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY/);
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
        METRICS_TOKEN: 'guessable',
        SHUTDOWN_DRAIN_MS: '-1',
      });
    expect(parse).toThrow(ConfigError);
    try {
      parse();
    } catch (error) {
      const { problems, message } = error as ConfigError;
      expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
        'DATABASE_URL',
        'LOG_LEVEL',
        'METRICS_TOKEN',
        'PORT',
        'PUBLIC_URL',
        'SEED_DEMO_DATA',
        'SHUTDOWN_DRAIN_MS',
      ]);
      expect(message).toMatch(/^Invalid environment:\n {2}- /);
      expect(message).toContain('LOG_LEVEL: must be one of fatal, error, warn, info');
      expect(message).toContain('METRICS_TOKEN: must be at least 16 characters');
    }
  });

  it('refuses a payment provider key without its webhook secret', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both or neither/,
    );
    expect(() => parseConfig({ GOCARDLESS_WEBHOOK_SECRET: 'x' })).toThrow(/GOCARDLESS/);
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/sk_ or rk_/);
  });

  it('keeps documents under DATA_DIR/blobs unless STORAGE_PROVIDER=s3', () => {
    expect(parseConfig({ DATA_DIR: '/var/lib/motor' }).storage).toEqual({
      provider: 'local-disk',
      root: '/var/lib/motor/blobs',
    });
    expect(parseConfig({ STORAGE_PROVIDER: 'local-disk' }).storage.provider).toBe('local-disk');
  });

  it('reads S3 on AWS with the default credential chain, and path style with an endpoint', () => {
    expect(
      parseConfig({ STORAGE_PROVIDER: 's3', S3_REGION: 'eu-west-2', S3_BUCKET: 'motor-docs' })
        .storage,
    ).toEqual({
      provider: 's3',
      bucket: 'motor-docs',
      region: 'eu-west-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      parseConfig({
        STORAGE_PROVIDER: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'motor-docs',
      }).storage,
    ).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
  });

  it('says what S3 storage lacks, and refuses S3 variables without STORAGE_PROVIDER=s3', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      throw new Error('parsed');
    };
    expect(problemsOf({ STORAGE_PROVIDER: 's3' })).toEqual([
      'S3_BUCKET: required when STORAGE_PROVIDER=s3',
      'S3_REGION: required when STORAGE_PROVIDER=s3 (for example eu-west-2; S3-compatible stores usually accept us-east-1)',
    ]);
    expect(
      problemsOf({
        STORAGE_PROVIDER: 's3',
        S3_REGION: 'eu-west-2',
        S3_BUCKET: 'motor-docs',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      }),
    ).toEqual(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']);
    expect(problemsOf({ S3_BUCKET: 'motor-docs', S3_REGION: 'eu-west-2' })).toEqual([
      'S3_REGION, S3_BUCKET: only used when STORAGE_PROVIDER=s3; set it, or documents stay on local disk',
    ]);
    expect(
      problemsOf({
        STORAGE_PROVIDER: 'gcs',
        S3_ENDPOINT: 'minio:9000',
        S3_BUCKET: 'Motor_Docs',
        S3_FORCE_PATH_STYLE: 'sometimes',
      }),
    ).toEqual([
      'STORAGE_PROVIDER: must be one of local-disk, s3',
      'S3_ENDPOINT: must be an http(s) URL',
      'S3_BUCKET: must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
  });

  it('reads the sandbox fault switches, and refuses them in production', () => {
    expect(parseConfig({}).payments.sandboxFaults).toBeUndefined();
    expect(
      parseConfig({
        SANDBOX_PROVIDER_TIMEOUT_RATE: '0.25',
        SANDBOX_WEBHOOK_CAPTURE_FILE: '/tmp/webhooks.jsonl',
      }).payments.sandboxFaults,
    ).toEqual({ timeoutRate: 0.25, webhookCaptureFile: '/tmp/webhooks.jsonl' });
    expect(() => parseConfig({ SANDBOX_PROVIDER_TIMEOUT_RATE: '2' })).toThrow(
      /SANDBOX_PROVIDER_TIMEOUT_RATE/,
    );
    expect(() =>
      parseConfig({ NODE_ENV: 'production', SANDBOX_PROVIDER_TIMEOUT_RATE: '0.1' }),
    ).toThrow(/SANDBOX_PROVIDER_TIMEOUT_RATE: sandbox fault switches for benches/);
  });

  it('refuses a port out of range', () => {
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
