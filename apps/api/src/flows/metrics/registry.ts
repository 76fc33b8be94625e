import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServiceDeps } from '../../app-types';
import type { DatabaseHandle } from '../../db/client';
import { observeJobRuns } from '../../modules/jobs';
import { collectBusinessFigures } from './business-figures';

// The operator's metrics (issue 32 item 4), in Prometheus' text format at /metrics: the API's
// traffic, its process, database and job runner, and the business's figures. One registry per
// app (tests build many in one process); the process's own figures (event-loop lag, memory, CPU)
// once per process, as they describe the process whatever app it serves.

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Jobs run from milliseconds to minutes, and start late by up to hours after an outage. */
const JOB_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 30, 120, 600, 3600];
/** A statement takes from a tenth of a millisecond (by primary key) to seconds (a lock wait). */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

let processRegistry: Registry | undefined;

/** Node's own figures, started on the first scrape: an app that is never scraped pays nothing. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type AppMetrics = {
  /** Counts one answered request: its route's pattern (never the URL, which names records). */
  observeRequest: (answer: {
    method: string;
    route: string;
    statusCode: number;
    seconds: number;
  }) => void;
  /** The whole text a scrape returns. */
  scrape: () => Promise<{ contentType: string; text: string }>;
  /** Stops timing the database's statements (as the app closes). */
  close: () => void;
};

/**
 * The app's metrics on its plain deps (the metrics plugin passes the root app): the database's
 * handle for its ping, pool and statement times; the runner's runs are observed on these deps.
 */
export function createAppMetrics(deps: ServiceDeps & { database: DatabaseHandle }): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Job runs ended, by kind and outcome (DONE, RETRYING, FAILED).',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'How long a job run took, by kind.',
    labelNames: ['kind'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobLag = new Histogram({
    name: 'job_start_lag_seconds',
    help: "How late a job run started after it was due (by the app's clock), by kind.",
    labelNames: ['kind'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'database_ping_seconds',
    help: 'How long the database took to answer select 1 at this scrape (-1: it did not answer).',
    registers: [registry],
    async collect() {
      const started = performance.now();
      try {
        await deps.database.ping();
        this.set((performance.now() - started) / 1000);
      } catch {
        this.set(-1);
      }
    },
  });
  new Gauge({
    name: 'database_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting); PGlite has one, no pool.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const { database } = deps;
      if (database.kind !== 'postgres') return;
      this.set({ state: 'total' }, database.client.totalCount);
      this.set({ state: 'idle' }, database.client.idleCount);
      this.set({ state: 'waiting' }, database.client.waitingCount);
    },
  });
  const queryTime = new Histogram({
    name: 'database_query_duration_seconds',
    help: 'Time each SQL statement took on PostgreSQL, from sending it to its answer (PGlite: none).',
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const stopTimingQueries = deps.database.observeQueries((seconds) => queryTime.observe(seconds));
  collectBusinessFigures(deps, registry);

  observeJobRuns(deps, (run) => {
    jobRuns.inc({ kind: run.kind, outcome: run.outcome });
    jobDuration.observe({ kind: run.kind }, run.durationSeconds);
    jobLag.observe({ kind: run.kind }, run.lagSeconds);
  });

  return {
    observeRequest({ method, route, statusCode, seconds }) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
    close: stopTimingQueries,
  };
}
