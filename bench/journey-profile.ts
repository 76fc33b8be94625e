// Summarises a V8 .cpuprofile (node --cpu-prof) over a time window: self time per function and per
// area (our modules, each npm package, PGlite's WebAssembly, node internals, GC), idle left out.
// Profile timestamps and process.hrtime() both read the monotonic clock, so the bench marks the
// window with hrtime.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules + 'node_modules/'.length);
  return path.startsWith(repoRoot) ? path.slice(repoRoot.length) : path;
}

function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite)';
  if (url.startsWith('node:')) return 'node internals';
  const short = shortUrl(url);
  if (url.includes('node_modules/')) {
    const [scope = '', name = ''] = short.split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const module = /^apps\/api\/src\/modules\/([^/]+)\//.exec(short);
  if (module) return `api: ${module[1]}`;
  if (short.startsWith('apps/api/src/')) return 'api: core';
  const workspace = /^packages\/([^/]+)\//.exec(short);
  return workspace ? `@motor/${workspace[1]}` : short;
}

function top(map: Map<string, number>, count: number) {
  return [...map].sort(([, a], [, b]) => b - a).slice(0, count);
}

/** Prints the summary of the newest profile in `dir`; nothing when there is none. */
export async function printCpuProfileSummary(
  dir: string,
  title: string,
  window: { fromUs: number; toUs: number },
): Promise<void> {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (the tsx
  // loader's worker thread writes one too).
  const file = (await readdir(dir)).find((name) => name.split('.')[4] === '0');
  if (!file) {
    console.log(`\n${title}: no CPU profile was written`);
    return;
  }
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let busyUs = 0;
  let totalUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    // Only the measured journeys: start-up, migrations and warm-up are left out.
    if (at < window.fromUs || at > window.toUs) return;
    const us = profile.timeDeltas[index + 1] ?? 0;
    const frame = byId.get(id);
    totalUs += us;
    if (!frame || frame.functionName === '(idle)') return;
    busyUs += us;
    const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  });
  const share = (us: number) => `${((100 * us) / busyUs).toFixed(1)} %`;
  console.log(
    `\n${title}: server main thread busy ${(busyUs / 1e6).toFixed(1)} s of the ` +
      `${(totalUs / 1e6).toFixed(1)} s of measured journeys (${((100 * busyUs) / totalUs).toFixed(0)} %); self time by area:`,
  );
  console.table(
    top(byArea, 12).map(([area, us]) => ({
      area,
      'self ms': Math.round(us / 1000),
      share: share(us),
    })),
  );
  console.log('top functions by self time:');
  console.table(
    top(byFunction, 15).map(([fn, us]) => ({
      function: fn,
      'self ms': Math.round(us / 1000),
      share: share(us),
    })),
  );
}
