// Rates the representative quote 20,000 times and prints microseconds per rating.
// node --import tsx bench/rating.ts (figures only, no assertions); bench/quote.ts runs it too.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { bmwRatingTables } from '@motor/brand-bmw';
import { rateQuote } from '../apps/api/src/modules/rating/rate-quote';
import { FIXTURE_RATED_AT, buildRatingInput } from '../apps/api/src/modules/rating/rating-fixtures';

const RUNS = 20_000;
const WARM_UP = 2_000;

export type RatingBenchFigures = {
  runs: number;
  meanUs: number;
  p50Us: number;
  p95Us: number;
  p99Us: number;
};

/** Times rateQuote alone on a flex quote with two drivers and both optional covers. */
export function benchRating(): RatingBenchFigures {
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
    rateQuote({
      input,
      tables: bmwRatingTables,
      schemeCode: 'bmw-flex',
      ratedAt: FIXTURE_RATED_AT,
    });

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
  return {
    runs: RUNS,
    meanUs: mean,
    p50Us: percentile(50),
    p95Us: percentile(95),
    p99Us: percentile(99),
  };
}

export function printRatingFigures(figures: RatingBenchFigures): void {
  const format = (value: number): string => value.toFixed(1).padStart(8);
  console.log(
    `\nrateQuote: ${figures.runs} ratings of a representative flex quote (${WARM_UP} warm-up)`,
  );
  console.log(`  mean ${format(figures.meanUs)} µs`);
  console.log(`  p50  ${format(figures.p50Us)} µs`);
  console.log(`  p95  ${format(figures.p95Us)} µs`);
  console.log(`  p99  ${format(figures.p99Us)} µs`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRatingFigures(benchRating());
}
