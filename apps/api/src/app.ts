import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { App } from './app-types';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createLogger, createRequestLogger } from './logger';
import { authenticatePlugin } from './plugins/app/authenticate';
import { errorHandlerPlugin, handleFrameworkError } from './plugins/app/error-handler';
import { generateRequestId, requestIdPlugin, traceContextOf } from './plugins/app/request-id';
import { apiDocsPlugin } from './plugins/external/api-docs';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { webAppPlugin } from './plugins/external/web-app';
import { healthRoutes, type Readiness } from './modules/health';
import { sessionRoutes } from './modules/identity/session-routes';
import { oidcRoutes } from './modules/identity/oidc/routes';
import { deliverMessageJob, devOutboxRoutes } from './modules/notification';
import { accountRoutes } from './modules/identity/account-routes';
import { privacyRoutes } from './modules/privacy/routes';
import { careRoutes } from './modules/care/routes';
import { chatRoutes } from './modules/chat';
import { lookupRoutes } from './modules/lookup';
import { proposalRoutes } from './modules/proposal/routes';
import { formValidationRoutes } from './modules/disclosure/routes';
import { deliverSandboxDirectDebitEvents, registerSandboxPaymentPages } from './modules/payment';
import { paymentRoutes } from './modules/payment/routes';
import { contentRoutes } from './modules/content/routes';
import { policyRoutes } from './modules/policy/routes';
import { adjustmentRoutes } from './modules/adjustment/routes';
import { expireAdjustmentsJob } from './modules/adjustment/expiry';
import { customerAccountRoutes } from './modules/billing/routes';
import { raiseInvoicesJob } from './modules/billing/invoicing';
import { collectionJobs, reconciliationAdminRoutes } from './flows/collect-payments';
import { documentRoutes } from './modules/document/routes';
import { insightRoutes, purgeAnalyticsEventsJob } from './modules/insight';
import { uploadRoutes } from './modules/upload/routes';
import { purgeStagedUploadsJob } from './modules/upload/jobs';
import { claimRoutes } from './modules/claim/routes';
import { registerSandboxFnolPages } from './modules/claim';
import { issuePolicyDocumentsJob } from './modules/document/jobs';
import { purgeFinishedJobsJob, registerJobs } from './modules/jobs/runner';
import { createSandboxDirectDebitEventsJob } from './modules/payment/sandbox-direct-debit-job';
import { activatePoliciesJob } from './modules/policy/activation';
import {
  applyDeferredCancellationsJob,
  endDriveawayPoliciesJob,
  lapseExpiredPoliciesJob,
} from './modules/policy/lifecycle';
import { expireQuotesJob } from './modules/proposal/expiry';
import {
  carryChangeJob,
  offerRenewalsJob,
  remindCoverEndingJob,
  settleRenewalsJob,
} from './flows/renew-policy/jobs';
import { offerUpsellsJob } from './flows/upsell-driveaway/jobs';
import { jobAdminRoutes } from './modules/jobs/routes';
import { metricsPlugin } from './flows/metrics';
import { financeAdminRoutes } from './flows/finance';
import { reinstatementRoutes } from './flows/reinstate-policy';
import { insurerReportRoutes } from './flows/finance/reports';
import { errorTrackerRoutes } from './modules/error-tracker';
import { purgeErrorEventsJob } from './modules/error-tracker/jobs';
import { clockRoutes } from './modules/clock';
import { registerSandboxMid } from './modules/mid';
import { midRoutes } from './modules/mid/routes';
import { reconcileMidJob, submitMidJob } from './modules/mid/jobs';
import type { Providers } from './providers';
import type { Brand } from '@motor/brand-kit';
import { useBrands } from './modules/brand';

export type BuildAppOptions = {
  config: Config;
  db: DatabaseHandle;
  providers: Providers;
  clock: Clock;
  /** The brands served; the first is the deployment's own (name, pages, e-mails). */
  brands: readonly Brand[];
  /** Default: a pino logger at config.logLevel to stdout. */
  logger?: Logger;
  /** What /api/ready waits for and whether the process drains (server.ts); default: none. */
  readiness?: Readiness;
};

/**
 * The composition root. Everything the app depends on comes in through the options, so tests
 * build the same app on a throw-away database with sandbox providers and a clock they move.
 * The returned instance is not listening: call `listen()` (server.ts) or `inject()` (tests).
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db, providers, clock } = options;
  useBrands(options.brands);
  const logger = options.logger ?? createLogger({ level: config.logLevel });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: generateRequestId, // logged as `reqId` on every line of the request
    // Each line of a request carries its id (reqId) and, when the caller sent one, its trace.
    childLoggerFactory: (parent, bindings, options, rawRequest) =>
      createRequestLogger(
        parent as Logger,
        { ...bindings, ...traceContextOf(rawRequest) },
        options,
      ) as FastifyBaseLogger,
    // Fastify 5 answers 503 to requests that arrive while closing; in-flight ones finish.
    return503OnClosing: true,
    // A URL that cannot be routed is refused in the error shape too (issue 21 item 10).
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate<DatabaseHandle>('database', db);
  app.decorate('db', db.db);
  app.decorate('providers', providers);
  app.decorate('clock', clock);
  // Sends the analytics still queued for PostHog before the process ends.
  app.addHook('onClose', () => providers.analytics.shutdown());

  // App plugins: behaviour every route shares.
  await app.register(requestIdPlugin);
  // Before authentication: its onRequest hook answers 401/403 itself, and those answers need the
  // security headers too.
  await app.register(securityHeadersPlugin, {
    isHttps: config.publicUrl.startsWith('https:'),
  });
  await app.register(errorHandlerPlugin);
  await app.register(authenticatePlugin);
  // Before the routes it counts (every answer, refusals included) and after the error handler,
  // which its own route's refusals need (flows/metrics).
  await app.register(metricsPlugin, { token: config.metricsToken });

  // External wiring: docs and the web app. Docs come before routes so it sees them all.
  await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });
  await app.register(webAppPlugin, { webDistDir: config.webDistDir });

  // Modules.
  await app.register(healthRoutes, {
    prefix: '/api',
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(privacyRoutes, { prefix: '/api' });
  await app.register(careRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(jobAdminRoutes, { prefix: '/api' });
  await app.register(clockRoutes, { prefix: '/api' });
  await app.register(reconciliationAdminRoutes, { prefix: '/api' });
  await app.register(financeAdminRoutes, { prefix: '/api' });
  await app.register(reinstatementRoutes, { prefix: '/api' });
  await app.register(insurerReportRoutes, { prefix: '/api' });
  await app.register(errorTrackerRoutes, { prefix: '/api' });
  if (config.identity.isEmbedded) await app.register(oidcRoutes);
  if (config.nodeEnv !== 'production') await app.register(devOutboxRoutes);
  await app.register(lookupRoutes, {
    prefix: '/api/lookup',
    db: db.db,
    vehicleLookup: providers.vehicleLookup,
    addressLookup: providers.addressLookup,
    limits: config.rateLimits.lookups,
    clock,
  });
  await app.register(proposalRoutes, { prefix: '/api' });
  await app.register(formValidationRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api' });
  await registerSandboxPaymentPages(app);
  await app.register(contentRoutes, { prefix: '/content' });
  await app.register(customerAccountRoutes, { prefix: '/api' });
  await app.register(policyRoutes, { prefix: '/api' });
  await app.register(adjustmentRoutes, { prefix: '/api' });
  await app.register(documentRoutes, { prefix: '/api' });
  await app.register(insightRoutes, { prefix: '/api' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(claimRoutes, { prefix: '/api' });
  await registerSandboxFnolPages(app);
  await app.register(midRoutes, { prefix: '/api' });
  registerSandboxMid(app);

  // Jobs the runner may run: started by server.ts; tests call runDueJobs with their clock.
  // A tick runs the slots due at the same minute in this order: the sandbox provider's events
  // first, as a real provider's webhooks arrive before the minute's jobs act on collections.
  registerJobs(app, [
    ...(providers.directDebit.adapter === 'sandbox'
      ? [createSandboxDirectDebitEventsJob(() => deliverSandboxDirectDebitEvents(app))]
      : []),
    deliverMessageJob,
    issuePolicyDocumentsJob,
    submitMidJob,
    activatePoliciesJob,
    expireQuotesJob,
    expireAdjustmentsJob,
    endDriveawayPoliciesJob,
    lapseExpiredPoliciesJob,
    offerRenewalsJob,
    carryChangeJob,
    settleRenewalsJob,
    remindCoverEndingJob,
    offerUpsellsJob,
    applyDeferredCancellationsJob,
    // After the jobs that start, change and end cover in the same minute: it sends what they did.
    reconcileMidJob,
    raiseInvoicesJob,
    ...collectionJobs,
    purgeFinishedJobsJob,
    purgeStagedUploadsJob,
    purgeAnalyticsEventsJob,
    purgeErrorEventsJob,
  ]);

  return app;
}
