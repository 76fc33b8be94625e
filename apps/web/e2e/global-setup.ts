import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase } from '../../api/src/db/client';
import { migrateDatabase } from '../../api/src/db/migrate';
import { londonTime, readClockOffset } from './support/clock';
import { REPO_ROOT, startServer } from './support/server';

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string;
    /** From the real time to the run's instant (support/clock.ts), for every clock of the run. */
    clockOffsetMs: number;
    /** A migrated data folder each server starts from a copy of (support/server.ts). */
    dataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run test:e2e` (it builds the SPA first).');
  }
  const clock = readClockOffset();
  console.log(`Journeys run at ${londonTime(clock.at)} (E2E_CLOCK to choose another instant)`);
  project.provide('clockOffsetMs', clock.offsetMs);
  // Servers started here read it from the environment (support/server.ts).
  process.env.E2E_CLOCK_OFFSET_MS = String(clock.offsetMs);

  // One migrated database for every server of the run to start from (support/server.ts copies
  // it): PGlite's initdb and the migrations once, not once for each of the run's ten servers.
  const template = await mkdtemp(path.join(tmpdir(), 'motor-e2e-template-'));
  const database = await openPgliteDatabase({ dataDir: path.join(template, 'pglite') });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  project.provide('dataTemplate', template);
  process.env.E2E_DATA_TEMPLATE = template;

  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);

  return async () => {
    await server.stop();
    await rm(template, { recursive: true, force: true });
    // The server's warnings and errors (its last 20 KB), for reading after a failed journey.
    const outDir = path.join(REPO_ROOT, 'apps/web/e2e/out');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'server.log'), server.log());
  };
}
