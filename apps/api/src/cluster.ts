// Several API processes on one port (WORKERS, PostgreSQL only): see docs/decisions/010-api-workers.md.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

const MAX_WORKERS = 64;

/**
 * How many API processes to run: WORKERS as a whole number (default 1) or `auto` (one per CPU).
 * More than one needs PostgreSQL: PGlite is a database inside one process. Throws a message for
 * the person starting the server when the setting cannot work.
 */
export function readWorkerCount(env: Record<string, string | undefined>): number {
  const raw = env.WORKERS?.trim() || '1';
  const count = raw === 'auto' ? availableParallelism() : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
    throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS} or 'auto'`);
  }
  if (count > 1 && !env.DATABASE_URL) {
    if (raw === 'auto') return 1; // `auto` on PGlite simply means the one process it can have
    throw new Error('WORKERS above 1 needs DATABASE_URL (PostgreSQL): PGlite lives in one process');
  }
  return count;
}

/**
 * Runs `start` in `count` worker processes sharing the listening port; the primary only forks,
 * replaces a worker that dies after it was serving, and passes SIGTERM on, exiting when all have.
 * A worker that dies before it listens (bad config, no database) stops them all: retrying would
 * only loop. With one worker there is no primary: `start` runs in this process.
 */
export function runWorkers(count: number, start: () => void): void {
  if (count === 1 || cluster.isWorker) {
    start();
    return;
  }
  let isStopping = false;
  let exitCode = 0;
  const listening = new Set<number>();
  const stop = (signal: NodeJS.Signals) => {
    isStopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (code) exitCode = code;
    if (!isStopping && listening.has(worker.id)) {
      console.error(
        `API worker ${worker.process.pid} exited (${signal ?? code}): starting another`,
      );
      cluster.fork();
      return;
    }
    if (!isStopping) {
      exitCode = code || 1;
      stop('SIGTERM');
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Ctrl+C reaches every process of the terminal's group: passing it on would be a second signal,
  // which a worker takes as "exit now".
  process.on('SIGINT', () => (isStopping = true));
  for (let index = 0; index < count; index += 1) cluster.fork();
}
