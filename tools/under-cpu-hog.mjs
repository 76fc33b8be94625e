#!/usr/bin/env node
// Runs a command while every core is kept busy by another process, as on a loaded CI machine
// (issue 29): `node tools/under-cpu-hog.mjs -- npx vitest run --project packages`. A test that
// passes only on a quiet machine fails here. Exits with the command's code; the hogs stop with it.
import { fork, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

if (process.argv[2] === '--spin') {
  // A hog: spins until its parent kills it (or dies).
  process.on('disconnect', () => process.exit(0));
  for (;;) Math.sqrt(Math.random());
}

const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: node tools/under-cpu-hog.mjs -- <command> [args...]');
  process.exit(2);
}

const cores = availableParallelism();
const hogs = Array.from({ length: cores }, () =>
  fork(new URL(import.meta.url).pathname, ['--spin'], { stdio: 'ignore' }),
);
console.log(`== ${cores} busy processes (one per core) while: ${command.join(' ')}`);
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));

const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
child.on('error', (error) => {
  stopHogs();
  console.error(error.message);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  stopHogs();
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill(signal);
    stopHogs();
  });
}
