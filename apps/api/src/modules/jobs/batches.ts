// The scan-and-act loop of the time-driven jobs (renewal offers, upgrade offers, the
// anniversary): rows due are read a batch at a time through a partial index, each acted on in
// its own transaction. A row acted on leaves the scan; one that another runner holds (SKIP
// LOCKED) or that cannot be acted on now is tried once per run, so the loop always ends.

const DEFAULT_BATCH = 100;

/** Acts on every row the scan finds due; answers how many times `act` said it did something. */
export async function drainDueRows<Row>(options: {
  /** The due rows, at most `limit`, in the order to act on them. */
  scan: (limit: number) => Promise<Row[]>;
  keyOf: (row: Row) => string;
  act: (row: Row) => Promise<boolean>;
  batchSize?: number;
}): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const seen = new Set<string>();
  let done = 0;
  for (;;) {
    const due = await options.scan(batchSize);
    const fresh = due.filter((row) => !seen.has(options.keyOf(row)));
    for (const row of fresh) {
      seen.add(options.keyOf(row));
      if (await options.act(row)) done += 1;
    }
    if (due.length < batchSize || fresh.length === 0) return done;
  }
}
