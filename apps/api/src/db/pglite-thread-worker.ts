// The worker side of pglite-thread.ts: owns the one PGlite session and runs what the API's main
// thread sends, one request at a time, answering with PostgreSQL's raw protocol bytes (the main
// thread parses them as PGlite would). Loaded by `new Worker`, which inherits `--import tsx`.
import { mkdir } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol, type messages } from '@electric-sql/pglite';
import {
  closeStatementBatch,
  concatenate,
  runProtocol,
  statementBatch,
  type NamedStatement,
} from './pglite-statement';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

export type PgliteThreadRequest = { id: number } & (
  | {
      /** One extended-protocol query (parse, describe, bind, describe, execute, sync). */
      op: 'query';
      text: string;
      params: unknown[];
      paramTypes?: number[];
      syncToFs: boolean;
    }
  | { op: 'exec'; text: string; syncToFs: boolean } // simple protocol, several statements allowed
  | { op: 'protocol'; message: Uint8Array; syncToFs: boolean } // as PGlite's execProtocolRaw
  | { op: 'statement'; statement: NamedStatement } // runStatement's, prepared once by name
  | { op: 'close' }
);

export type PgliteThreadReply =
  | { id: number; bytes: Uint8Array }
  | { id: number; error: { message: string; stack?: string } }
  | { id: number; closed: true };

export type PgliteThreadStatus = { ready: true } | { failed: { message: string; stack?: string } };

export type PgliteThreadData = { dataDir: string };

const { serialize } = protocol;

/** The parameter types PostgreSQL inferred, or undefined when the answer is an error. */
function parameterTypes(answer: Uint8Array): number[] | undefined {
  let types: number[] = [];
  let failed = false;
  new protocol.Parser().parse(answer, (message) => {
    if (message.name === 'error') failed = true;
    if (message.name === 'parameterDescription') {
      types = (message as messages.ParameterDescriptionMessage).dataTypeIDs;
    }
  });
  return failed ? undefined : types;
}

/** As runStatement in process (client.ts); this PGlite's prepared statements are listed here. */
const prepared = new Set<string>();

async function runNamedStatement(pg: PGlite, statement: NamedStatement): Promise<Uint8Array> {
  const isPrepared = prepared.has(statement.name);
  const answer = await runProtocol(pg, statementBatch(statement, isPrepared));
  // Only a first run needs reading here (did the statement prepare?): reading every answer would
  // decode each row's text once more on this, the busier, thread.
  if (isPrepared) return answer;
  if (parameterTypes(answer)) prepared.add(statement.name);
  else await runProtocol(pg, closeStatementBatch(statement.name));
  return answer;
}

/**
 * What BasePGlite's query does in six calls, in two: parse and describe (to learn the parameter
 * types), then bind (parameters serialised by PGlite's own serializers, as in-process), describe,
 * execute and sync. The main thread gets both answers as one buffer, so one hop per query.
 */
async function runQuery(
  pg: PGlite,
  text: string,
  params: unknown[],
  paramTypes?: number[],
): Promise<Uint8Array> {
  const described = await runProtocol(
    pg,
    concatenate([serialize.parse({ text, types: paramTypes }), serialize.describe({ type: 'S' })]),
  );
  const types = parameterTypes(described);
  if (!types) return concatenate([described, await runProtocol(pg, serialize.sync())]);
  let bind: Uint8Array;
  try {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[types[i]!];
      return serializer ? serializer(param) : (param as { toString(): string }).toString();
    });
    bind = serialize.bind({ values: values as (string | null)[] });
  } catch (error) {
    await runProtocol(pg, serialize.sync()); // leave the session ready for the next query
    throw error;
  }
  const executed = await runProtocol(
    pg,
    concatenate([bind, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
  );
  return concatenate([described, executed]);
}

async function answer(pg: PGlite, request: PgliteThreadRequest): Promise<PgliteThreadReply> {
  if (request.op === 'close') {
    await pg.close();
    return { id: request.id, closed: true };
  }
  const bytes = await pg.runExclusive(async () => {
    switch (request.op) {
      case 'protocol':
        return runProtocol(pg, request.message, request.syncToFs);
      case 'statement': {
        const answer = await runNamedStatement(pg, request.statement);
        await pg.syncToFs(); // as execProtocol does by default
        return answer;
      }
      case 'query':
      case 'exec': {
        const answer =
          request.op === 'query'
            ? await runQuery(pg, request.text, request.params, request.paramTypes)
            : await runProtocol(pg, concatenate([serialize.query(request.text), serialize.sync()]));
        if (request.syncToFs) await pg.syncToFs();
        return answer;
      }
    }
  });
  return { id: request.id, bytes };
}

function describeError(error: unknown): { message: string; stack?: string } {
  return error instanceof Error
    ? { message: error.message, stack: error.stack }
    : { message: String(error) };
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-thread-worker.ts runs only as a worker thread');
  const { dataDir } = workerData as PgliteThreadData;
  let pg: PGlite;
  try {
    await mkdir(dataDir, { recursive: true });
    pg = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    port.postMessage({ failed: describeError(error) } satisfies PgliteThreadStatus);
    return;
  }
  port.on('message', (request: PgliteThreadRequest) => {
    answer(pg, request).then(
      (reply) => {
        // Transferred, not copied: the answer is the worker's own fresh buffer.
        const transfer = 'bytes' in reply ? [reply.bytes.buffer as ArrayBuffer] : [];
        port.postMessage(reply, transfer);
        if ('closed' in reply) port.close(); // nothing left to serve: the thread ends
      },
      (error: unknown) => port.postMessage({ id: request.id, error: describeError(error) }),
    );
  });
  port.postMessage({ ready: true } satisfies PgliteThreadStatus);
}

void serve();
