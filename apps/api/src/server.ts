// The production entry point: `node --import tsx apps/api/src/server.ts` (npm start, npm run serve);
// WORKERS=n runs n processes on PostgreSQL (cluster.ts).
import { buildApp } from './app';
import { loadBrands } from './brands';
import { readWorkerCount, runWorkers } from './cluster';
import { createOffsetClock, systemClock } from './clock';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed';
import { createLogger } from './logger';
import { readClockOffset, syncClockOffset } from './modules/clock';
import { startJobRunner } from './modules/jobs';
import { Readiness } from './modules/health';
import { listenWhileStarting } from './starting-server';
import closeWithGrace from 'close-with-grace';
import { createProviders } from './providers';

const SHUTDOWN_GRACE_MS = 10_000;
/** How soon a clock moved in another process (WORKERS=n) reaches this one. */
const CLOCK_SYNC_MS = 5_000;

async function startServer(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({
    level: config.logLevel,
    isPretty: config.nodeEnv === 'development' && process.stdout.isTTY === true,
  });
  // Alive and not ready while it migrates (a random port, 0, is only known when the app listens).
  const stopStarting =
    config.port === 0 ? async () => {} : await listenWhileStarting(config.port, config.host);

  const brands = await loadBrands(config.brandPackages);
  const database = await openDatabase(config, { logger });
  await migrateDatabase(database);
  if (config.seedDemoData) await seedDemoData(database.db, brands);

  // Outside production staff may move the clock forward (/admin/clock); a restart keeps the move.
  const movableClock =
    config.nodeEnv === 'production' ? null : createOffsetClock(await readClockOffset(database.db));
  const readiness = new Readiness();
  if (config.jobsEnabled) readiness.waitFor('job runner');
  const app = await buildApp({
    config,
    db: database,
    providers: createProviders(config, brands),
    clock: movableClock ?? systemClock,
    brands,
    logger,
    readiness,
  });
  if (movableClock) {
    const sync = setInterval(() => {
      syncClockOffset(app.db, movableClock).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not read the clock offset'),
      );
    }, CLOCK_SYNC_MS).unref();
    app.addHook('onClose', async () => clearInterval(sync));
  }
  // Before listen: its onClose hook (registered here) lets a running job finish on shutdown.
  if (config.jobsEnabled) {
    const stopJobRunner = startJobRunner(app);
    app.addHook('onClose', stopJobRunner);
    readiness.done('job runner');
  }

  // SIGTERM (an orchestrator's stop), SIGINT, an error nobody caught: /api/ready says 503 at
  // once, so load balancers stop sending; after SHUTDOWN_DRAIN_MS the app stops accepting and
  // lets the requests and the job in flight finish, then the database closes. A second signal,
  // or a close taking longer than the grace, exits at once.
  closeWithGrace(
    {
      delay: config.shutdownDrainMs + SHUTDOWN_GRACE_MS,
      // Its own words (a second signal, the grace run out) go to our log as errors.
      logger: { error: (message: string) => logger.error(message) },
    },
    async ({ signal, err }) => {
      if (err) logger.error({ err }, 'shutting down after an error nobody caught');
      else logger.info({ signal }, 'shutting down');
      readiness.drain();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await app.close();
      await database.close();
      logger.info('stopped');
    },
  );

  await stopStarting();
  const address = await app.listen({ port: config.port, host: config.host });
  const port = app.server.address();
  const boundPort = typeof port === 'object' && port ? port.port : config.port;
  logger.info({ address, database: database.kind }, 'listening');
  // The start banner is for the person who ran `npm start`, whatever LOG_LEVEL says.
  console.log(
    `Motor insurance app listening on http://localhost:${boundPort} ` +
      `(public URL ${config.publicUrl}, database ${database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`,
  );
}

function startOrExit(): void {
  startServer().catch((error: unknown) => {
    console.error('The server could not start:', error);
    process.exit(1);
  });
}

try {
  runWorkers(readWorkerCount(process.env), startOrExit);
} catch (error) {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
