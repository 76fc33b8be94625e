#!/usr/bin/env node
// Fails when tracked code calls a program by an absolute system path that `.ci/run` does not
// install (issue 23): a test that passes only on a machine that happens to have the program
// fails on a fresh clone. The allowed programs are the Debian packages `.ci/run` installs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Program → the Debian package `.ci/run` must install for it. */
const ALLOWED = { chromium: 'chromium', 'chromium-headless-shell': 'chromium-headless-shell' };
const SYSTEM_PATH = /(?<![\w.-])\/(?:usr\/(?:local\/)?)?s?bin\/([\w.+-]+)/g;
const SCANNED = /\.(?:[cm]?[jt]sx?|json|sh|ya?ml)$|^\.ci\/run$/;

const ciRun = readFileSync('.ci/run', 'utf8');
const installed = new Set(
  [...ciRun.matchAll(/apt-get install\b([^\n]*)/g)].flatMap(([, args]) =>
    args.split(/\s+/).filter((word) => word && !word.startsWith('-') && !word.startsWith('>')),
  ),
);

const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SCANNED.test(file) && !file.endsWith('package-lock.json'));

const problems = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [match, program] of line.matchAll(SYSTEM_PATH)) {
      // `#!/usr/bin/env node` and `/bin/sh` are on every machine the project runs on.
      if (['env', 'sh', 'bash'].includes(program)) continue;
      const pkg = ALLOWED[program];
      if (pkg && installed.has(pkg)) continue;
      problems.push(
        `${file}:${index + 1}: ${match} — ${pkg ? `.ci/run does not install ${pkg}` : 'not a program .ci/run installs'}`,
      );
    }
  });
}

if (problems.length > 0) {
  console.error('System programs called by absolute path that a fresh machine lacks:');
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(`Allowed: ${Object.keys(ALLOWED).join(', ')} (installed by .ci/run).`);
  process.exit(1);
}
console.log(
  `System programs: ${files.length} files checked, only ${Object.keys(ALLOWED).join(', ')} used.`,
);
