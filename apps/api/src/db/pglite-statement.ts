// The protocol batches of runStatement (client.ts) on PGlite, shared by PGlite in process and on
// its worker thread (pglite-thread-worker.ts), which keeps its own list of prepared statements.
import { protocol, type PGlite } from '@electric-sql/pglite';

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

/**
 * Runs protocol messages and answers the raw bytes (the worker's way to run anything). Not
 * PGlite's execProtocolRawSync or execProtocolRaw: they also parse every answer into a list that
 * only execProtocol clears, so the worker's list grew with every query (a leak, and garbage
 * collection pauses that grew with it and stalled every query in flight). The stream variant
 * only hands the bytes over.
 */
export async function runProtocol(
  pg: PGlite,
  message: Uint8Array,
  syncToFs = false,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await pg.execProtocolRawStream(message, {
    syncToFs,
    // A view into the WebAssembly memory, which the next chunk may overwrite: copied.
    onRawData: (bytes) => chunks.push(bytes.slice()),
  });
  return chunks.length === 1 ? chunks[0]! : concatenate(chunks);
}
