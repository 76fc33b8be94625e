import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The chunk's own JS plus every chunk it imports statically: what loading that route costs. */
function collectStaticFiles(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectStaticFiles(manifest, imported, seen);
  return seen;
}

async function gzipSize(distDir: string, file: string): Promise<number> {
  return gzipSync(await readFile(join(distDir, file))).length;
}

/**
 * The first route's (home's) budget: its initial JS, gzip (issue 5: 170; issue 34 item 2e: 120,
 * not reached yet, see docs/decisions/040-first-route-budget.md).
 */
export const FIRST_ROUTE_BUDGET_KIB = 120;

// Libraries the first route must not load (docs/architecture.md "The browser's first route"):
// their sources in a first-route chunk's source map name what pulled them in again.
const NOT_ON_FIRST_ROUTE = ['node_modules/zod/', 'node_modules/oidc-client-ts/'];

/** The libraries of NOT_ON_FIRST_ROUTE that these chunks carry (read from their source maps). */
async function librariesNotWanted(distDir: string, files: Iterable<string>): Promise<string[]> {
  const found = new Set<string>();
  for (const file of files) {
    let sources: string[];
    try {
      const map = JSON.parse(await readFile(join(distDir, `${file}.map`), 'utf8')) as {
        sources?: string[];
      };
      sources = map.sources ?? [];
    } catch {
      continue; // a chunk without a source map (the runtime)
    }
    for (const library of NOT_ON_FIRST_ROUTE) {
      if (sources.some((source) => source.includes(library))) found.add(`${library} (${file})`);
    }
  }
  return [...found];
}

/**
 * Prints the gzip size of the entry and of each lazily loaded route chunk; resolves to the first
 * route's initial JS in KiB (home is in the entry, so that is the entry and its static imports).
 */
export async function printBundleSizes(distDir: string): Promise<number> {
  const manifest = JSON.parse(
    await readFile(join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const entryFiles = collectStaticFiles(manifest, entryKey);
  const rows: { chunk: string; ownKb: string; initialKb: string }[] = [];
  let entryTotal = 0;
  for (const file of entryFiles) entryTotal += await gzipSize(distDir, file);
  rows.push({ chunk: `entry (${entryKey})`, ownKb: '', initialKb: (entryTotal / 1024).toFixed(1) });
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = collectStaticFiles(manifest, key);
    let extra = 0;
    for (const file of files) if (!entryFiles.has(file)) extra += await gzipSize(distDir, file);
    rows.push({
      chunk: key,
      ownKb: (extra / 1024).toFixed(1),
      initialKb: ((entryTotal + extra) / 1024).toFixed(1),
    });
  }
  console.log('\nInitial JS per route chunk (gzip, KiB; initial = entry + route chunk)');
  console.table(rows);
  const firstRouteKib = entryTotal / 1024;
  console.log(
    `First route (/) initial JS: ${firstRouteKib.toFixed(1)} KiB gzip ` +
      `(budget ${FIRST_ROUTE_BUDGET_KIB} KiB: ${firstRouteKib <= FIRST_ROUTE_BUDGET_KIB ? 'within' : 'over'})`,
  );
  for (const library of await librariesNotWanted(distDir, entryFiles)) {
    console.log(`The first route loads ${library}: something home needs imports it statically.`);
  }
  return firstRouteKib;
}
