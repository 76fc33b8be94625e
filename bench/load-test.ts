import autocannon from 'autocannon';

type LoadTestOptions = {
  url: string;
  durationSeconds: number;
  connections: number;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as is; a JSON body also needs a content-type header. */
  body?: string;
  headers?: Record<string, string>;
  /** Printed above the table instead of the URL. */
  title?: string;
  /** A request per connection (e.g. each connection updates its own proposal). */
  requestForConnection?: (index: number) => {
    method?: LoadTestOptions['method'];
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  };
};

export type LoadTestFigures = {
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Runs a bounded load against one local URL, prints req/s and latency percentiles, returns them. */
export async function loadTest({
  url,
  durationSeconds,
  connections,
  method = 'GET',
  body,
  headers,
  title,
  requestForConnection,
}: LoadTestOptions): Promise<LoadTestFigures> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) {
    throw new Error('load tests only target 127.0.0.1 or localhost');
  }
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    let connectionIndex = 0;
    const setupClient = requestForConnection
      ? (client: autocannon.Client) => client.setRequests([requestForConnection(connectionIndex++)])
      : undefined;
    const instance = autocannon(
      { url, duration: durationSeconds, connections, method, body, headers, setupClient },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  const figures: LoadTestFigures = {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
  };
  console.log(
    `\nautocannon ${title ?? `${method} ${url}`} (${connections} connections, ${durationSeconds} s)`,
  );
  console.table([
    {
      'req/s (mean)': figures.requestsPerSecond,
      requests: figures.requests,
      non2xx: figures.non2xx,
      errors: figures.errors,
      'p50 ms': figures.p50Ms.toFixed(2),
      'p95 ms': figures.p95Ms.toFixed(2),
      'p99 ms': figures.p99Ms.toFixed(2),
    },
  ]);
  if (figures.non2xx > 0) {
    console.log(
      'responses by status:',
      Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    );
  }
  return figures;
}
