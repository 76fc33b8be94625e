import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import type { SandboxFaults } from './providers/card-payments';

/** The repository root, from this file's location, so `npm start` works from any cwd. */
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'test', 'production'] as const;
const STORAGE_PROVIDERS = ['local-disk', 's3'] as const;

// An empty variable (`FOO=` in a .env or compose file) means "not set", not "set to nothing".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number from `min` to `max`, each refusal saying what is wrong. */
const wholeNumber = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int().min(min, `must be at least ${min}`).max(max);

const perWindow = wholeNumber(1, 1_000_000);

/** How many days a store keeps what it holds. */
const retentionDays = z.coerce
  .number({ error: 'must be a whole number of days' })
  .int()
  .min(1)
  .max(3650);

const EnvSchema = z.object({
  PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(65_535)),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  DATA_DIR: optional(z.string()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  NODE_ENV: optional(z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` })),
  WEB_DIST_DIR: optional(z.string()),
  SEED_DEMO_DATA: optional(booleanFlag),
  BRAND_PACKAGES: optional(
    z
      .string()
      .regex(
        /^@?[a-z0-9][\w./-]*(,@?[a-z0-9][\w./-]*)*$/,
        'Expected package names separated by commas, such as @motor/brand-bmw',
      ),
  ),
  JOBS_ENABLED: optional(booleanFlag),
  SHUTDOWN_DRAIN_MS: optional(wholeNumber(0, 60_000)),
  JOB_CONCURRENCY: optional(wholeNumber(1, 16)),
  NTU_AFTER_DAYS: optional(wholeNumber(1, 90)),
  DIRECT_DEBIT_NOTICES_SENT_BY: optional(
    z.enum(['app', 'provider'], { error: 'must be app or provider' }),
  ),
  UPSELL_OFFER_DAYS: optional(wholeNumber(0, 30)),
  // Identity (modules/identity): unset OIDC_ISSUER → the embedded provider at PUBLIC_URL/auth.
  OIDC_ISSUER: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  OIDC_CLIENT_ID: optional(z.string()),
  OIDC_AUDIENCE: optional(z.string()),
  OIDC_ROLES_CLAIM: optional(z.string()),
  OIDC_PERMISSIONS_CLAIM: optional(z.string()),
  // The embedded provider's access tokens: short, and refused at once after sign-out anyway.
  OIDC_ACCESS_TOKEN_TTL_SECONDS: optional(wholeNumber(30, 3600)),
  // Sign-in codes one network address may ask for in an hour (an office behind one NAT asks more),
  // and one e-mail address or phone from one network address.
  SIGN_IN_CODES_PER_CLIENT_PER_HOUR: optional(wholeNumber(1, 100_000)),
  SIGN_IN_CODES_PER_ADDRESS_PER_HOUR: optional(wholeNumber(1, 100_000)),
  // Rate limits (issue 31 item 14), 429 with Retry-After beyond them: registration and address
  // lookups a minute, new anonymous sessions an hour, chat messages a minute; per network address
  // (an office behind one NAT counts as one client) and per session (the caller's user).
  LOOKUPS_PER_CLIENT_PER_MINUTE: optional(perWindow),
  LOOKUPS_PER_SESSION_PER_MINUTE: optional(perWindow),
  SESSIONS_PER_CLIENT_PER_HOUR: optional(perWindow),
  CHAT_MESSAGES_PER_CLIENT_PER_MINUTE: optional(perWindow),
  CHAT_MESSAGES_PER_SESSION_PER_MINUTE: optional(perWindow),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string()),
  // Payments (providers/card-payments, providers/direct-debit): unset → the sandbox providers.
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_/, { error: 'must start with sk_ or rk_' }),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().startsWith('whsec_', { error: 'must start with whsec_' }),
  ),
  // The phone payment's Stripe card form (/stripe/card-token-form) is served with it.
  STRIPE_PUBLISHABLE_KEY: optional(z.string().startsWith('pk_', { error: 'must start with pk_' })),
  GOCARDLESS_ACCESS_TOKEN: optional(z.string()),
  GOCARDLESS_WEBHOOK_SECRET: optional(z.string()),
  SANDBOX_WEBHOOK_SECRET: optional(z.string().min(16, { error: 'must be at least 16 characters' })),
  // Fault switches of the sandbox payment providers (bench/faults.ts); never in production.
  SANDBOX_PROVIDER_TIMEOUT_RATE: optional(
    z.coerce.number({ error: 'must be a number from 0 to 1' }).min(0).max(1),
  ),
  SANDBOX_WEBHOOK_CAPTURE_FILE: optional(z.string()),
  // The release this process runs, tagged on every error the tracker keeps (a version, a commit).
  RELEASE: optional(z.string().max(100)),
  // The operator's metrics at /metrics (flows/metrics): served only to a scraper sending it.
  METRICS_TOKEN: optional(z.string().min(16, { error: 'must be at least 16 characters' })),
  // Analytics (modules/insight): kept in the database; also sent to PostHog with a project key.
  POSTHOG_API_KEY: optional(z.string().min(1)),
  POSTHOG_HOST: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  ANALYTICS_RETENTION_DAYS: optional(retentionDays),
  // The error tracker also sends to Sentry with a project's DSN (https://key@host/project).
  SENTRY_DSN: optional(z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN URL' })),
  // How long the embedded error tracker keeps an error after it was last seen.
  ERROR_RETENTION_DAYS: optional(retentionDays),
  // Documents and uploads (providers/storage): unset → local disk under DATA_DIR/blobs.
  STORAGE_PROVIDER: optional(
    z.enum(STORAGE_PROVIDERS, { error: `must be one of ${STORAGE_PROVIDERS.join(', ')}` }),
  ),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  S3_REGION: optional(
    z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as eu-west-2' }),
  ),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    }),
  ),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(booleanFlag),
});

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

export type Config = {
  port: number;
  host: string;
  /** Where browsers reach this process; used in links, OpenAPI `servers`, OIDC issuer. */
  publicUrl: string;
  /** Set → PostgreSQL through node-postgres; unset → embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: (typeof NODE_ENVS)[number];
  webDistDir: string;
  seedDemoData: boolean;
  /** The brand packages served (BRAND_PACKAGES); the first is the deployment's own. */
  brandPackages: string[];
  /** Run the job runner in this process (server.ts); every instance may, leases keep one run. */
  jobsEnabled: boolean;
  /**
   * On SIGTERM, how long /api/ready answers 503 while the app still serves, so a load balancer
   * stops sending before the app stops accepting (SHUTDOWN_DRAIN_MS, default 1000).
   */
  shutdownDrainMs: number;
  /**
   * Jobs this process's runner runs at once (JOB_CONCURRENCY; default 4 on PostgreSQL, whose
   * pool lets their queries overlap, and 1 on the embedded PGlite, which runs one at a time).
   * The jobs are safe in several processes at once (leases, keys), so in one as well.
   */
  jobConcurrency: number;
  /**
   * Days a policy's first Direct Debit collection may stay unsettled before the policy is not
   * taken up (NTU_AFTER_DAYS, default 14; a failed one is NTU at once).
   */
  ntuAfterDays: number;
  /**
   * Who sends the Direct Debit notices (mandate confirmation, advance notices): APP, by e-mail
   * through the outbox, or PROVIDER when its own notices are switched on (GoCardless can send
   * them); we then send none and record that the provider did (DIRECT_DEBIT_NOTICES_SENT_BY,
   * default app).
   */
  directDebitNoticesSentBy: 'APP' | 'PROVIDER';
  /**
   * Days before a driveaway term ends that its upgrade offer (a flex quote) is made
   * (UPSELL_OFFER_DAYS, default 2; 0 = when it ends).
   */
  upsellOfferDays: number;
  /**
   * The bearer token a Prometheus scraper sends to read /metrics (METRICS_TOKEN); unset → /metrics
   * answers 404, so nothing about the business is readable by default.
   */
  metricsToken: string | undefined;
  /** The release running (RELEASE, default `local`): the error tracker tags errors with it. */
  release: string;
  /**
   * Where analytics events go besides the database (POSTHOG_API_KEY, POSTHOG_HOST) and how long
   * the database keeps them (ANALYTICS_RETENTION_DAYS, default 395: thirteen months).
   */
  analytics: AnalyticsConfig;
  /** Days the error tracker keeps an error after it was last seen (ERROR_RETENTION_DAYS, 90). */
  errorRetentionDays: number;
  /** Sentry's DSN (SENTRY_DSN): errors also go there; unset, only to our table. */
  sentryDsn: string | undefined;
  identity: IdentityConfig;
  rateLimits: RateLimitsConfig;
  payments: PaymentsConfig;
  storage: StorageConfig;
};

export type AnalyticsConfig = {
  posthog: { apiKey: string; host: string } | null;
  retentionDays: number;
};

/** Where documents and uploads are kept (providers/storage). */
export type StorageConfig =
  | { provider: 'local-disk'; root: string }
  | {
      provider: 's3';
      bucket: string;
      region: string;
      /** Unset → AWS; set → an S3-compatible store. */
      endpoint: string | undefined;
      /** Default: true with S3_ENDPOINT (most S3-compatible stores), false on AWS. */
      forcePathStyle: boolean;
      /** Unset → the AWS SDK's default credential chain (e.g. an instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/** Calls allowed per client (network address) and per session in a window (issue 31 item 14). */
type RateLimitsConfig = {
  /** Registration and address lookups a minute. */
  lookups: { perClient: number; perSession: number };
  /** New anonymous sessions (POST /api/session without a session) an hour. */
  sessions: { perClient: number };
  /** Chat messages written a minute. */
  chatMessages: { perClient: number; perSession: number };
};

/** Vendor keys come in pairs (API key + webhook secret); a provider without both is the sandbox. */
type PaymentsConfig = {
  stripeSecretKey: string | undefined;
  /** Stripe.js's key for the phone payment's card form (pk_…), or undefined. */
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  goCardlessAccessToken: string | undefined;
  goCardlessWebhookSecret: string | undefined;
  /**
   * Signs the sandbox providers' webhooks. Unset → a random secret per process: the sandboxes
   * deliver to their own process, and nobody can forge a "payment succeeded" from a known default.
   */
  sandboxWebhookSecret: string | undefined;
  /** Set only when a fault switch is (SANDBOX_PROVIDER_TIMEOUT_RATE, SANDBOX_WEBHOOK_CAPTURE_FILE). */
  sandboxFaults?: SandboxFaults;
};

type IdentityConfig = {
  /** Whose tokens the API accepts; `${publicUrl}/auth` is the embedded provider. */
  issuer: string;
  /** True when `issuer` is the embedded provider mounted on this process. */
  isEmbedded: boolean;
  /** The SPA's client id at the issuer. */
  clientId: string;
  /** The `aud` access tokens must carry. */
  audience: string;
  /** Where roles and permissions are read from in an access token. */
  rolesClaim: string;
  permissionsClaim: string;
  /**
   * Seconds the embedded provider's access tokens live (OIDC_ACCESS_TOKEN_TTL_SECONDS, default
   * 600); the web renews them with the refresh token, and sign-out makes them useless at once.
   */
  accessTokenTtlSeconds: number;
  /** Unset → messages stay in the outbox (readable at /dev/outbox outside production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sign-in codes per hour (issue 21 item 6): see modules/identity/one-time-codes.ts. */
  signInCodeLimits: { perAddressAndClient: number; perAddress: number; perClient: number };
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(problems);
  }
  const vars = result.data;
  const unpaired = [
    ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    ['GOCARDLESS_ACCESS_TOKEN', 'GOCARDLESS_WEBHOOK_SECRET'],
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ].filter(
    ([a, b]) => Boolean(vars[a as keyof typeof vars]) !== Boolean(vars[b as keyof typeof vars]),
  );
  const faultSwitches = (
    ['SANDBOX_PROVIDER_TIMEOUT_RATE', 'SANDBOX_WEBHOOK_CAPTURE_FILE'] as const
  ).filter((name) => vars[name] !== undefined);
  const problems = [
    ...unpaired.map(([a, b]) => `${a}, ${b}: set both or neither`),
    ...storageProblems(vars),
    ...(vars.NODE_ENV === 'production' && faultSwitches.length > 0
      ? [`${faultSwitches.join(', ')}: sandbox fault switches for benches, not in production`]
      : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  const port = vars.PORT ?? 3000;
  const dataDir = path.resolve(vars.DATA_DIR ?? './.data');
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const embeddedIssuer = `${publicUrl}/auth`;
  const storage: StorageConfig =
    vars.STORAGE_PROVIDER === 's3'
      ? {
          provider: 's3',
          // storageProblems() has refused an s3 provider without them.
          bucket: vars.S3_BUCKET ?? '',
          region: vars.S3_REGION ?? '',
          endpoint: vars.S3_ENDPOINT?.replace(/\/+$/, ''),
          forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? Boolean(vars.S3_ENDPOINT),
          credentials:
            vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { provider: 'local-disk', root: path.join(dataDir, 'blobs') };
  const issuer = (vars.OIDC_ISSUER ?? embeddedIssuer).replace(/\/+$/, '');
  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    logLevel: vars.LOG_LEVEL ?? 'warn',
    nodeEnv: vars.NODE_ENV ?? 'development',
    // The default is tied to the repository layout; a value given by the operator is theirs (cwd).
    webDistDir: vars.WEB_DIST_DIR
      ? path.resolve(vars.WEB_DIST_DIR)
      : path.join(REPO_ROOT, 'apps', 'web', 'dist'),
    seedDemoData: vars.SEED_DEMO_DATA ?? true,
    brandPackages: (vars.BRAND_PACKAGES ?? '@motor/brand-bmw').split(','),
    jobsEnabled: vars.JOBS_ENABLED ?? true,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS ?? 1000,
    jobConcurrency: vars.JOB_CONCURRENCY ?? (vars.DATABASE_URL ? 4 : 1),
    ntuAfterDays: vars.NTU_AFTER_DAYS ?? 14,
    directDebitNoticesSentBy: vars.DIRECT_DEBIT_NOTICES_SENT_BY === 'provider' ? 'PROVIDER' : 'APP',
    upsellOfferDays: vars.UPSELL_OFFER_DAYS ?? 2,
    metricsToken: vars.METRICS_TOKEN,
    release: vars.RELEASE ?? 'local',
    analytics: {
      posthog: vars.POSTHOG_API_KEY
        ? { apiKey: vars.POSTHOG_API_KEY, host: vars.POSTHOG_HOST ?? 'https://eu.i.posthog.com' }
        : null,
      retentionDays: vars.ANALYTICS_RETENTION_DAYS ?? 395,
    },
    errorRetentionDays: vars.ERROR_RETENTION_DAYS ?? 90,
    sentryDsn: vars.SENTRY_DSN,
    identity: {
      issuer,
      isEmbedded: issuer === embeddedIssuer,
      clientId: vars.OIDC_CLIENT_ID ?? 'motor-web',
      audience: vars.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      rolesClaim: vars.OIDC_ROLES_CLAIM ?? 'roles',
      permissionsClaim: vars.OIDC_PERMISSIONS_CLAIM ?? 'permissions',
      accessTokenTtlSeconds: vars.OIDC_ACCESS_TOKEN_TTL_SECONDS ?? 600,
      smtpUrl: vars.SMTP_URL,
      mailFrom: vars.MAIL_FROM ?? 'Motor Insurance <no-reply@localhost>',
      signInCodeLimits: {
        perAddressAndClient: vars.SIGN_IN_CODES_PER_ADDRESS_PER_HOUR ?? 5,
        perAddress: Math.max(50, vars.SIGN_IN_CODES_PER_ADDRESS_PER_HOUR ?? 0),
        perClient: vars.SIGN_IN_CODES_PER_CLIENT_PER_HOUR ?? 20,
      },
    },
    rateLimits: {
      lookups: {
        perClient: vars.LOOKUPS_PER_CLIENT_PER_MINUTE ?? 120,
        perSession: vars.LOOKUPS_PER_SESSION_PER_MINUTE ?? 60,
      },
      sessions: { perClient: vars.SESSIONS_PER_CLIENT_PER_HOUR ?? 100 },
      chatMessages: {
        perClient: vars.CHAT_MESSAGES_PER_CLIENT_PER_MINUTE ?? 60,
        perSession: vars.CHAT_MESSAGES_PER_SESSION_PER_MINUTE ?? 10,
      },
    },
    payments: {
      stripeSecretKey: vars.STRIPE_SECRET_KEY,
      stripeWebhookSecret: vars.STRIPE_WEBHOOK_SECRET,
      stripePublishableKey: vars.STRIPE_PUBLISHABLE_KEY,
      goCardlessAccessToken: vars.GOCARDLESS_ACCESS_TOKEN,
      goCardlessWebhookSecret: vars.GOCARDLESS_WEBHOOK_SECRET,
      sandboxWebhookSecret: vars.SANDBOX_WEBHOOK_SECRET,
      sandboxFaults:
        faultSwitches.length > 0
          ? {
              timeoutRate: vars.SANDBOX_PROVIDER_TIMEOUT_RATE ?? 0,
              webhookCaptureFile: vars.SANDBOX_WEBHOOK_CAPTURE_FILE
                ? path.resolve(vars.SANDBOX_WEBHOOK_CAPTURE_FILE)
                : undefined,
            }
          : undefined,
    },
    storage,
  };
}

/** S3 needs a bucket and a region; S3_* without STORAGE_PROVIDER=s3 is a forgotten switch. */
function storageProblems(vars: z.infer<typeof EnvSchema>): string[] {
  if (vars.STORAGE_PROVIDER === 's3') {
    return [
      ...(vars.S3_BUCKET ? [] : ['S3_BUCKET: required when STORAGE_PROVIDER=s3']),
      ...(vars.S3_REGION
        ? []
        : [
            'S3_REGION: required when STORAGE_PROVIDER=s3 (for example eu-west-2; S3-compatible stores usually accept us-east-1)',
          ]),
    ];
  }
  const stray = S3_VARIABLES.filter((name) => vars[name] !== undefined);
  return stray.length > 0
    ? [
        `${stray.join(', ')}: only used when STORAGE_PROVIDER=s3; set it, or documents stay on local disk`,
      ]
    : [];
}

/** For entry points: a bad environment is a start-up failure with a readable message. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
