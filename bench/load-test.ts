import autocannon from 'autocannon';

type LoadTestOptions = { url: string; durationSeconds: number; connections: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Runs a bounded load against one local URL and prints req/s and latency percentiles. */
export async function loadTest({
  url,
  durationSeconds,
  connections,
}: LoadTestOptions): Promise<void> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) {
    throw new Error('load tests only target 127.0.0.1 or localhost');
  }
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, duration: durationSeconds, connections }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  console.log(`\nautocannon ${url} (${connections} connections, ${durationSeconds} s)`);
  console.table([
    {
      'req/s (mean)': Math.round(result.requests.average),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      'p50 ms': percentile(latencies, 50).toFixed(2),
      'p95 ms': percentile(latencies, 95).toFixed(2),
      'p99 ms': percentile(latencies, 99).toFixed(2),
    },
  ]);
}
