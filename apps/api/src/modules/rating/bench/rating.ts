// Rates the representative quote 20,000 times and prints microseconds per rating.
// Run from this folder: node --import tsx bench/rating.ts (figures only, no assertions).
import { performance } from 'node:perf_hooks';
import { bmwRatingTables } from '../brand-rating-tables';
import { rateQuote } from '../rate-quote';
import { FIXTURE_RATED_AT, buildRatingInput } from '../rating-fixtures';

const RUNS = 20_000;
const WARM_UP = 2_000;

const input = buildRatingInput({
  requestedOptionalCovers: ['legal_expenses', 'ncb_protection'],
  voluntaryExcessPence: 20_000,
  additionalDrivers: [
    {
      profileCode: 'p1',
      dateOfBirth: '1987-09-20',
      licenceValidFrom: '2006-01-10',
      claims: [{ date: '2024-05-01', type: 'Accident', subType: 'NotFault', ncdAffected: false }],
      convictions: [{ code: 'SP30', date: '2023-08-01', points: 3 }],
    },
  ],
});

const rate = () =>
  rateQuote({ input, tables: bmwRatingTables, schemeCode: 'bmw-flex', ratedAt: FIXTURE_RATED_AT });

for (let index = 0; index < WARM_UP; index += 1) rate();

const samples = new Float64Array(RUNS);
for (let index = 0; index < RUNS; index += 1) {
  const started = performance.now();
  rate();
  samples[index] = (performance.now() - started) * 1000;
}
samples.sort();

const percentile = (p: number): number =>
  samples[Math.min(RUNS - 1, Math.ceil((p / 100) * RUNS) - 1)]!;
const mean = samples.reduce((sum, value) => sum + value, 0) / RUNS;
const format = (value: number): string => value.toFixed(1).padStart(8);

console.log(`rateQuote: ${RUNS} ratings of a representative flex quote (${WARM_UP} warm-up)`);
console.log(`  mean ${format(mean)} µs`);
console.log(`  p50  ${format(percentile(50))} µs`);
console.log(`  p95  ${format(percentile(95))} µs`);
console.log(`  p99  ${format(percentile(99))} µs`);
