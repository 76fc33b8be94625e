// Prints the baseline figures later benchmarks are compared with:
// 1. initial JS (gzip) of the first route and per route chunk of the built SPA, 2. autocannon
// figures for /api/health, 3. Lighthouse mobile performance of the home and a quote page.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printBundleSizes } from './bundle-sizes';
import { printLighthouse } from './lighthouse';
import { loadTest } from './load-test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(repoRoot, 'apps/web/dist');

async function waitForReady(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${baseUrl} was not ready within ${timeoutMs} ms`);
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

  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = await mkdtemp(join(tmpdir(), 'motor-bench-'));
  const server = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    // Generous: PGlite's first start is slow on a busy machine.
    await waitForReady(baseUrl, 90_000);
    await loadTest({ url: `${baseUrl}/api/health`, durationSeconds: 10, connections: 20 });
    // The flex index is the quote journey's first page: it creates a proposal and opens it.
    await printLighthouse([
      { name: 'home', url: `${baseUrl}/` },
      { name: 'quote (flex)', url: `${baseUrl}/flex` },
    ]);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
