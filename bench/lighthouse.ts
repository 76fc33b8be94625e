import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

export type LighthouseFigures = {
  url: string;
  performance: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
};

type LighthouseReport = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
};

/** A page to measure; `signedInAs`: the page needs that customer signed in first. */
export type LighthousePage = { name: string; url: string; signedInAs?: string };

/** The command that prints the page's Lighthouse report as JSON. */
function lighthouseCommand(page: LighthousePage): [string, string[]] {
  if (page.signedInAs) {
    const { origin, pathname } = new URL(page.url);
    return [
      'node',
      ['--import', 'tsx', 'bench/lighthouse-signed-in.ts', origin, page.signedInAs, pathname],
    ];
  }
  return [
    'node_modules/.bin/lighthouse',
    [
      page.url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
  ];
}

/**
 * Lighthouse's mobile performance run (its default: a mid-range phone on a throttled 4G link)
 * in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), in a process of its own so
 * nothing of Lighthouse stays in this one: the CLI, or for a signed-in page the sign-in script.
 */
export async function runLighthouse(page: LighthousePage): Promise<LighthouseFigures> {
  const [command, args] = lighthouseCommand(page);
  const url = page.url;
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`lighthouse exited ${code} for ${url}`)),
    );
  });
  const report = JSON.parse(stdout) as LighthouseReport;
  const metric = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
  return {
    url,
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    firstContentfulPaintMs: metric('first-contentful-paint'),
    largestContentfulPaintMs: metric('largest-contentful-paint'),
    totalBlockingTimeMs: metric('total-blocking-time'),
    cumulativeLayoutShift:
      Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    speedIndexMs: metric('speed-index'),
  };
}

/** The run with the median score (an odd count gives a real run, not a mix of runs). */
function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * One run, tried again up to twice when Lighthouse itself fails: "Something went wrong with
 * recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)" comes now
 * and then on the quote page, whose first page navigates on. A third failure ends the bench.
 */
async function runLighthouseAgain(page: LighthousePage): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(page);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`Lighthouse failed on ${page.url} (attempt ${attempt}); running it again`);
    }
  }
}

/**
 * Runs Lighthouse `runs` times on each page in turn (never in parallel: they would slow each other
 * down) and prints each page's median run: one run's score moves by several points on a busy
 * machine, so the load average is printed with it.
 */
export async function printLighthouse(
  pages: LighthousePage[],
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
): Promise<void> {
  const rows: (LighthouseFigures & { page: string; scores: number[] })[] = [];
  const loadBefore = loadAverage();
  for (const page of pages) {
    const figures: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run += 1) figures.push(await runLighthouseAgain(page));
    rows.push({
      page: page.name,
      scores: figures.map((f) => f.performance),
      ...medianRun(figures),
    });
  }
  console.log(
    `\nLighthouse mobile performance (target ≥ 95, issue 34), median of ${runs} runs; ` +
      `load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after`,
  );
  console.table(
    rows.map((row) => ({
      page: row.page,
      score: row.performance,
      runs: row.scores.join(' '),
      'FCP ms': row.firstContentfulPaintMs,
      'LCP ms': row.largestContentfulPaintMs,
      'TBT ms': row.totalBlockingTimeMs,
      CLS: row.cumulativeLayoutShift,
      'SI ms': row.speedIndexMs,
    })),
  );
}
