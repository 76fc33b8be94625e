#!/usr/bin/env node
// The journeys whose outcome once turned on the hour they ran (issue 29), run again with the
// servers' and browsers' clocks set to the edges of a day, of a month and of summer time
// (E2E_CLOCK, apps/web/e2e/support/clock.ts), by setting the clocks, not by waiting. Uses the SPA
// `npm run test:e2e` built. `npm run test:e2e:clocks`.
//
// The instants run side by side, one journey file at a time each: one after another they took
// 5 min 31 s of CI, most of it each run's own start and its servers waiting on their clocks. Each
// run's output is printed whole when it ends, so they do not interleave. An instant every journey
// already ran at (E2E_CLOCKS_ALREADY_RUN: .ci/run runs npm test's at the first) is not run again.
import { spawn } from 'node:child_process';

const INSTANTS = [
  // 23:00 on the last day of March, in the week the clocks went forward (Sunday 28 March).
  '2027-03-31T23:00:00+01:00',
  // 23:59: the journeys cross midnight into a new month.
  '2027-03-31T23:59:00+01:00',
  // 00:01 on Sunday 31 October, the last day of a month and the day the clocks go back at 02:00.
  '2027-10-31T00:01:00+01:00',
];
const FILES = [
  'apps/web/e2e/quote-journey.e2e.test.ts',
  'apps/web/e2e/policy-statuses.e2e.test.ts',
];
// The expired quote repriced by a new start date, and the policy area by status (the RENEWED
// policy's address sends home). The file's Driveaway journey runs too, first: at 23:59 it is the
// one that crosses midnight, while the flex journey's own server starts; without it, the flex
// purchase crossed midnight between its quote and its checkout, which the quote's start day (the
// default, today) does not survive.
const TESTS = 'an expired quote|the policy area by status';

function runAt(instant) {
  return new Promise((resolve) => {
    const run = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'apps/web/e2e/vitest.config.ts',
        '--maxWorkers=1',
        ...FILES,
        '-t',
        TESTS,
      ],
      { env: { ...process.env, E2E_CLOCK: instant }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    run.stdout.on('data', (chunk) => (output += chunk));
    run.stderr.on('data', (chunk) => (output += chunk));
    run.on('close', (code) => {
      console.log(`== E2E_CLOCK=${instant}: ${FILES.join(' ')}\n${output}`);
      if (code !== 0) console.error(`== the journeys failed with the clocks at ${instant}`);
      resolve(code ?? 1);
    });
  });
}

const alreadyRun = process.env.E2E_CLOCKS_ALREADY_RUN;
const instants = INSTANTS.filter((instant) => instant !== alreadyRun);
if (alreadyRun) {
  if (instants.length === INSTANTS.length) {
    console.error(`E2E_CLOCKS_ALREADY_RUN=${alreadyRun} is not one of ${INSTANTS.join(', ')}`);
    process.exit(1);
  }
  console.log(`== E2E_CLOCK=${alreadyRun}: every journey ran at it already`);
}
const codes = await Promise.all(instants.map(runAt));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
