import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startServer } from './support/server';

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run test:e2e` (it builds the SPA first).');
  }
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);

  return async () => {
    await server.stop();
    // The server's warnings and errors (its last 20 KB), for reading after a failed journey.
    const outDir = path.join(REPO_ROOT, 'apps/web/e2e/out');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'server.log'), server.log());
  };
}
