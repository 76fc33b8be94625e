// The protocol batches of runStatement (client.ts) on PGlite, shared by PGlite in process and on
// its worker thread (pglite-thread-worker.ts), which keeps its own list of prepared statements.
import { protocol } from '@electric-sql/pglite';

export type NamedStatement = { name: string; text: string; values: unknown[] };

const { serialize } = protocol;

export function concatenate(messages: Uint8Array[]): Uint8Array {
  const batch = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  messages.reduce((offset, message) => (batch.set(message, offset), offset + message.length), 0);
  return batch;
}

/**
 * One call into WebAssembly: the statement is prepared under its name the first time, then bound
 * and run, parameters as text typed by the prepared statement.
 */
export function statementBatch(statement: NamedStatement, isPrepared: boolean): Uint8Array {
  return concatenate([
    ...(isPrepared ? [] : [serialize.parse({ name: statement.name, text: statement.text })]),
    serialize.bind({
      statement: statement.name,
      values: statement.values.map((value) => (value === null ? null : String(value))),
    }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

/** It may have been prepared before running it failed: dropped, the next call prepares it. */
export function closeStatementBatch(name: string): Uint8Array {
  return concatenate([serialize.close({ type: 'S', name }), serialize.sync()]);
}
