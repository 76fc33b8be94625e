// Issue 32 item 4: /metrics in Prometheus' text format, read as a scraper reads it (a real
// Prometheus text parser), not public; the traffic by route pattern, the process, the database,
// the job runner and the business's figures after a policy bought through the checkout's calls.
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { defineJob, enqueueJob } from '../../modules/jobs';
import { registerJobs, runDueJobs } from '../../modules/jobs/runner';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { createTestApp } from '../../test/test-app';

const TOKEN = 'scrape-token-for-the-metrics-test';

describe('GET /metrics', () => {
  const clock = createTestClock('2026-03-16T10:00:00.000Z');
  let app: App;
  let policyId = '';

  beforeAll(async () => {
    app = await createTestApp({ clock, config: { metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await app.close();
  });

  let text = '';
  /** The scrape, parsed; `text` keeps it raw (the parser folds a histogram's labelled series). */
  const scrape = async (): Promise<MetricFamily[]> => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = res.body;
    return parsePrometheusTextFormat(res.body);
  };
  const family = (families: MetricFamily[], name: string): MetricFamily => {
    const found = families.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`No metric ${name} in the scrape`);
    return found;
  };
  /** The value of the sample with exactly these labels (among others), as a number. */
  const valueOf = (metric: MetricFamily, labels: Record<string, string> = {}): number => {
    const sample = metric.metrics.find((candidate) =>
      Object.entries(labels).every(([key, value]) => candidate.labels?.[key] === value),
    );
    if (!sample) throw new Error(`No ${metric.name} sample with ${JSON.stringify(labels)}`);
    return Number(sample.value ?? sample.count);
  };

  it('is not public: a scraper without the token is refused, and without one set it is off', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe(
      'Send the metrics token as Authorization: Bearer <token>.',
    );
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('scrape', 'guess!')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');

    const unset = await createTestApp();
    try {
      const off = await unset.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(off.statusCode).toBe(404);
      expect(off.json().error.message).toBe('Metrics are off: set METRICS_TOKEN to serve them.');
    } finally {
      await unset.close();
    }
  });

  it("counts the business's figures after a purchase by Direct Debit through the checkout", async () => {
    ({ policyId } = await buyFlexByDirectDebit(app, 'metrics-buyer'));
    const families = await scrape();
    expect(
      valueOf(family(families, 'motor_quotes'), { scheme: 'bmw-flex', status: 'POLICY' }),
    ).toBe(1);
    const policies = family(families, 'motor_policies');
    expect(policies.type).toBe('GAUGE');
    expect(policies.metrics.map((sample) => sample.labels?.scheme)).toEqual(['bmw-flex']);
    expect(policies.metrics.reduce((sum, sample) => sum + Number(sample.value), 0)).toBe(1);
    // The first payment asked of the bank at purchase: a bind by Direct Debit.
    expect(
      valueOf(family(families, 'motor_collections'), {
        method: 'DIRECT_DEBIT',
        at_purchase: 'true',
      }),
    ).toBe(1);
    expect(family(families, 'motor_collections').metrics).toHaveLength(1);
    expect(valueOf(family(families, 'motor_refunds_pending'))).toBe(0);
    expect(valueOf(family(families, 'motor_refunds_pending_oldest_age_seconds'))).toBe(0);
    expect(family(families, 'motor_reconciliation_findings_open').metrics).toEqual([]);
  });

  it('counts answers by route pattern, never by a URL naming a record', async () => {
    const owner = await app.inject({ method: 'GET', url: `/api/policies/${policyId}` });
    expect(owner.statusCode).toBe(401);
    const lost = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(lost.statusCode).toBe(404);

    const families = await scrape();
    const requests = family(families, 'http_requests_total');
    expect(requests.type).toBe('COUNTER');
    expect(
      valueOf(requests, { method: 'GET', route: '/api/policies/:id', status_code: '401' }),
    ).toBe(1);
    expect(valueOf(requests, { route: 'unmatched', status_code: '404' })).toBe(1);
    // The refused scrapes of the test before are counted too.
    expect(valueOf(requests, { route: '/metrics', status_code: '401' })).toBe(2);
    const routes = requests.metrics.map((sample) => sample.labels?.route ?? '');
    expect(routes.filter((route) => route.includes(policyId))).toEqual([]);

    expect(family(families, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/policies\/:id",status_code="401"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/policies\/:id",status_code="401"\} 1$/m,
    );
  });

  it('reports the process, the database and the job runner, failures by kind', async () => {
    registerJobs(app, [
      defineJob({
        kind: 'metrics-test-broken',
        payload: z.object({}),
        maxAttempts: 2,
        run: async () => {
          throw new Error('The provider did not answer');
        },
      }),
    ]);
    await enqueueJob(app.db, { kind: 'metrics-test-broken', key: 'broken-1', at: clock.now() });
    await runDueJobs(app);

    const families = await scrape();
    const runs = family(families, 'job_runs_total');
    expect(valueOf(runs, { kind: 'metrics-test-broken', outcome: 'RETRYING' })).toBe(1);
    // The purchase's own jobs ran and ended well.
    expect(runs.metrics.some((run) => run.labels?.outcome === 'DONE')).toBe(true);
    for (const name of ['job_run_duration_seconds', 'job_start_lag_seconds']) {
      expect(family(families, name).type).toBe('HISTOGRAM');
      expect(text).toMatch(new RegExp(`^${name}_count\\{kind="metrics-test-broken"\\} 1$`, 'm'));
    }
    expect(valueOf(family(families, 'database_ping_seconds'))).toBeGreaterThanOrEqual(0);
    const pool = family(families, 'database_pool_connections');
    if (app.database.kind === 'postgres') {
      expect(valueOf(pool, { state: 'total' })).toBeGreaterThanOrEqual(1);
      // The scrape's own queries may be waiting for a connection while it reads the pool.
      expect(valueOf(pool, { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(valueOf(pool, { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    } else {
      // PGlite has no pool: the gauge is there, with no samples.
      expect(pool.metrics).toEqual([]);
    }
    // Statement time: every statement on PostgreSQL (the purchase's among them); none on PGlite.
    expect(family(families, 'database_query_duration_seconds').type).toBe('HISTOGRAM');
    const statements = Number(/^database_query_duration_seconds_count (\d+)$/m.exec(text)?.[1]);
    if (app.database.kind === 'postgres') expect(statements).toBeGreaterThan(0);
    else expect(statements).toBe(0);
    expect(family(families, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
    expect(valueOf(family(families, 'process_resident_memory_bytes'))).toBeGreaterThan(0);
  });
});
