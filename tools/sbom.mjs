#!/usr/bin/env node
// `npm run sbom` (issue 21 item 15): a CycloneDX SBOM of what ships (production dependencies of
// every workspace, from package-lock.json; no network) into sbom.cdx.json, git-ignored.
// `npm sbom` needs a version on the root package.json ("0.0.0": the app is not published).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../sbom.cdx.json', import.meta.url));

const result = spawnSync(
  process.platform === 'win32' ? 'npm.cmd' : 'npm',
  ['sbom', '--sbom-format', 'cyclonedx', '--omit', 'dev', '--package-lock-only'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  console.error(`sbom: npm sbom failed (exit ${result.status})`);
  process.exit(1);
}
const sbom = JSON.parse(result.stdout);
writeFileSync(OUTPUT, `${JSON.stringify(sbom, null, 2)}\n`);
console.log(
  `sbom: ${sbom.components?.length ?? 0} components (CycloneDX ${sbom.specVersion}) → sbom.cdx.json`,
);
