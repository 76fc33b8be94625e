#!/usr/bin/env node
// `npm run build` for `npm start` and the journeys: builds the web app only when what it is built
// from changed since the last build (issue 34: a warm `npm start` spent 8 s rebuilding an
// unchanged SPA). The inputs are the files git knows (tracked, or new and not ignored) under the
// web app and the packages, the lock file, and the build-time environment (BRAND_PACKAGE,
// VITE_*); their hash is kept beside the build. Without git (no way to list the inputs), or with
// FORCE_BUILD=1, it always builds.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.build-inputs');
const INPUTS = ['apps/web', 'packages', 'package-lock.json', 'tsconfig.base.json'];
// Not part of the bundle: tests, journeys and what they write.
const NOT_INPUTS = /(^apps\/web\/(dist|e2e)\/)|\.test\.tsx?$|(^|\/)(test|__golden__)\//;

function inputsHash() {
  let listed;
  try {
    listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  const environment = Object.entries(process.env)
    .filter(([name]) => name === 'BRAND_PACKAGE' || name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(environment));
  for (const file of listed.split('\0').filter(Boolean).sort()) {
    if (NOT_INPUTS.test(file)) continue;
    const full = path.join(root, file);
    // A file git lists but the work tree has deleted is no input.
    if (!existsSync(full)) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

const hash = process.env.FORCE_BUILD === '1' ? null : inputsHash();
const built = existsSync(path.join(dist, 'index.html')) && existsSync(stamp);
if (hash && built && readFileSync(stamp, 'utf8') === hash) {
  console.log('== the web app is built from these sources already (apps/web/dist): not rebuilt');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build', '-w', '@motor/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
if (hash) writeFileSync(stamp, hash);
