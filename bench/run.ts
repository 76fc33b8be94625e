// Prints the baseline figures later benchmarks are compared with:
// 1. initial JS (gzip) of the first route and per route chunk of the built SPA, 2. autocannon
// figures for /api/health, 3. Lighthouse mobile performance of the home, a quote page and, for a
// customer signed in, the policy page of a policy bought through the API journey.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printBundleSizes } from './bundle-sizes';
import { runApiJourney, signInCustomers } from './journey-api';
import { pgliteTarget, startServer } from './journey-server';
import { printLighthouse } from './lighthouse';
import { loadTest } from './load-test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(repoRoot, 'apps/web/dist');

/** A customer who bought a flex policy through the API journey: the policy page's path. */
async function buyPolicy(baseUrl: string, webhookSecret: string) {
  const [customer] = await signInCustomers({
    baseUrl,
    count: 1,
    firstIndex: 1,
    runId: randomBytes(4).toString('hex'),
    concurrency: 1,
    prefix: 'bench-lighthouse',
  });
  const journey = await runApiJourney({ baseUrl, customer: customer!, webhookSecret });
  if (!journey.policyId) throw new Error(`the policy was not bought: ${journey.error}`);
  return { email: journey.email, path: `/flex/policy/${journey.policyId}` };
}

async function main(): Promise<void> {
  // Always through the build command: it skips an SPA built from the same sources, and a dist
  // left from older sources would measure the wrong app.
  console.log('Building the SPA if its sources changed (npm run build)...');
  await new Promise<void>((resolve, reject) => {
    const build = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build exited ${code}`)),
    );
  });
  await printBundleSizes(distDir);

  const target = await pgliteTarget();
  const webhookSecret = `sandbox_whsec_bench_${randomBytes(16).toString('hex')}`;
  const server = await startServer(target, { env: { SANDBOX_WEBHOOK_SECRET: webhookSecret } });
  try {
    const { baseUrl } = server;
    await loadTest({ url: `${baseUrl}/api/health`, durationSeconds: 10, connections: 20 });
    const policy = await buyPolicy(baseUrl, webhookSecret);
    // The flex index is the quote journey's first page: it creates a proposal and opens it.
    await printLighthouse([
      { name: 'home', url: `${baseUrl}/` },
      { name: 'quote (flex)', url: `${baseUrl}/flex` },
      { name: 'policy', url: `${baseUrl}${policy.path}`, signedInAs: policy.email },
    ]);
  } finally {
    await server.stop();
    await target.cleanUp();
  }
}

await main();
