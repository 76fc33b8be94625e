// PGlite on its own thread (decision 012): the WebAssembly database and its file writes run in a
// worker (pglite-thread-worker.ts), so the API's main thread and the database use a core each.
// PgliteThread is the main thread's client, with the part of PGlite's API this code base uses:
// query, exec and transaction (drizzle and its migrator), execProtocol, plus runStatement's own
// message. Answers come back as protocol bytes, parsed here by PGlite's own parser, so rows and
// errors (a DatabaseError with its `code`) are what in-process PGlite gives.
import { Worker } from 'node:worker_threads';
import {
  Mutex,
  parse,
  protocol,
  TransactionAbortedError,
  types,
  type messages,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type { NamedStatement } from './pglite-statement';
import type {
  PgliteThreadData,
  PgliteThreadReply,
  PgliteThreadRequest,
  PgliteThreadStatus,
} from './pglite-thread-worker';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<PgliteThreadRequest>;
type ProtocolOptions = {
  syncToFs?: boolean;
  throwOnError?: boolean;
  onNotice?: (notice: messages.NoticeMessage) => void;
};
type Pending = { resolve: (reply: PgliteThreadReply) => void; reject: (error: Error) => void };

const WORKER_ENTRY = new URL('./pglite-thread-entry.mjs', import.meta.url);

// One parser for every answer: making one costs more than parsing a short answer, and each answer
// is whole (the worker sends complete replies), so the parser never holds a partial message.
const answerParser = new protocol.Parser();

function readMessages(bytes: Uint8Array): messages.BackendMessage[] {
  const received: messages.BackendMessage[] = [];
  answerParser.parse(bytes, (message) => received.push(message));
  return received;
}

/**
 * As PGlite's execProtocol reads an answer: notices go to `onNotice`; the first error is kept
 * (and thrown by the caller when `throwOnError`), and what follows it is dropped.
 */
function readAnswer(bytes: Uint8Array, options: ProtocolOptions = {}) {
  const kept: messages.BackendMessage[] = [];
  let error: messages.DatabaseError | undefined;
  for (const message of readMessages(bytes)) {
    if (error) break;
    if (message.name === 'error' && options.throwOnError !== false) {
      error = message as messages.DatabaseError;
    } else if (message.name === 'notice') {
      options.onNotice?.(message as messages.NoticeMessage);
    }
    kept.push(message);
  }
  return { messages: kept, error };
}

/** What PGlite's makePGliteError adds to a query's DatabaseError (not exported by PGlite). */
function asQueryError(
  error: messages.DatabaseError,
  query: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
): messages.DatabaseError {
  return Object.assign(error, { query, params, queryOptions: options });
}

function refuseUnsupported(options: QueryOptions | undefined): void {
  // Functions and files cannot cross to the worker; nothing here uses them.
  if (options?.serializers || options?.blob) {
    throw new Error('PGlite on a worker thread takes no custom serializers and no blob');
  }
}

export class PgliteThread {
  /** Result parsers as PGlite has them: the defaults, plus array types read at start. */
  readonly parsers: Record<number | string, types.Parser> = { ...types.parsers };
  /** The thread itself; public so a test can stop it as a crash would. */
  readonly worker: Worker;
  readonly #pending = new Map<number, Pending>();
  /** Held for a whole transaction: PGlite has one session, so nothing else may run meanwhile. */
  readonly #transactionMutex = new Mutex();
  #nextId = 1;
  /** Why requests are refused: set by close() or by the worker stopping on its own. */
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  /**
   * Starts the worker and opens (or creates) the database in `dataDir`. `onCrash` hears of the
   * worker stopping other than by close(); pending and later queries then reject.
   */
  static async start(dataDir: string, onCrash: (error: Error) => void): Promise<PgliteThread> {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { dataDir } satisfies PgliteThreadData,
      // Not the main thread's flags: `--cpu-prof` there profiles the API, not the database.
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        worker.off('message', onStatus);
        void worker.terminate();
        reject(error);
      };
      const onStatus = (status: PgliteThreadStatus) => {
        if ('failed' in status)
          return fail(new Error(`PGlite could not open: ${status.failed.message}`));
        worker.off('error', fail);
        worker.off('exit', onEarlyExit);
        resolve();
      };
      const onEarlyExit = (code: number) =>
        fail(new Error(`PGlite's thread exited (${code}) at start`));
      worker.once('message', onStatus);
      worker.once('error', fail);
      worker.once('exit', onEarlyExit);
    });
    const client = new PgliteThread(worker);
    client.#listen(onCrash);
    await client.#readArrayTypes();
    return client;
  }

  get closed(): boolean {
    return this.#stopped !== undefined;
  }

  #listen(onCrash: (error: Error) => void): void {
    let cause: Error | undefined;
    this.worker.on('message', (reply: PgliteThreadReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      pending?.resolve(reply);
    });
    this.worker.on('error', (error) => (cause = error));
    this.worker.on('exit', (code) => {
      const isCrash = !this.#closing;
      const reason = cause ? `: ${cause.message}` : ` with code ${code}`;
      this.#stop(new Error(`PGlite's worker thread stopped${reason}`, { cause }));
      if (isCrash) onCrash(this.#stopped!);
    });
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }

  async #send(request: Request): Promise<Uint8Array> {
    if (this.#stopped) throw this.#stopped;
    const id = this.#nextId++;
    const reply = await new Promise<PgliteThreadReply>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as PgliteThreadRequest);
    });
    if ('error' in reply) {
      throw Object.assign(new Error(reply.error.message), { stack: reply.error.stack });
    }
    return 'bytes' in reply ? reply.bytes : new Uint8Array(0);
  }

  /** As BasePGlite's _initArrayTypes: parsers for the array of each type. */
  async #readArrayTypes(): Promise<void> {
    const arrayTypes = await this.query<{ oid: number; typarray: number }>(`
      SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid`);
    for (const { oid, typarray } of arrayTypes.rows) {
      this.parsers[typarray] = (value) => types.arrayParser(value, this.parsers[oid]!, typarray);
    }
  }

  async #runQuery<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    refuseUnsupported(options);
    const bytes = await this.#send({
      op: 'query',
      text,
      params,
      paramTypes: options?.paramTypes,
      syncToFs: !inTransaction,
    });
    const answer = readAnswer(bytes, { onNotice: options?.onNotice });
    if (answer.error) throw asQueryError(answer.error, text, params, options);
    return parse.parseResults(answer.messages, this.parsers, options)[0] as Results<T>;
  }

  async #runExec(text: string, options: QueryOptions | undefined, inTransaction: boolean) {
    refuseUnsupported(options);
    const bytes = await this.#send({ op: 'exec', text, syncToFs: !inTransaction });
    const answer = readAnswer(bytes, { onNotice: options?.onNotice });
    if (answer.error) throw asQueryError(answer.error, text, undefined, options);
    return parse.parseResults(answer.messages, this.parsers, options);
  }

  async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.outsideTransaction(() => this.#runQuery<T>(text, params, options, false));
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.outsideTransaction(() => this.#runExec(text, options, false));
  }

  /**
   * Runs `fn` once no transaction holds the session, and holds no lock itself, unlike PGlite's
   * query: each request is one message that the worker runs whole, in order of sending, so
   * statements of many API requests are in flight together and the worker never idles while
   * this thread reads an answer. A transaction sent later waits behind them in the worker.
   */
  async outsideTransaction<T>(fn: () => Promise<T>): Promise<T> {
    while (this.#transactionMutex.isLocked()) await this.#transactionMutex.waitForUnlock();
    return fn();
  }

  /** As BasePGlite's transaction: BEGIN, the callback, COMMIT; ROLLBACK if it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(async () => {
      await this.#runExec('BEGIN', undefined, true);
      let isClosed = false;
      const checkOpen = () => {
        if (isClosed) throw new Error('Transaction is closed');
      };
      const tx: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          checkOpen();
          return this.#runQuery<R>(text, params ?? [], options, true);
        },
        sql: async () => {
          throw new Error('tx.sql is not available on PGlite on a worker thread');
        },
        exec: async (text: string, options?: QueryOptions) => {
          checkOpen();
          return this.#runExec(text, options, true);
        },
        rollback: async () => {
          checkOpen();
          await this.#runExec('ROLLBACK', undefined, false);
          isClosed = true;
        },
        listen: async () => {
          throw new Error('LISTEN is not available on PGlite on a worker thread');
        },
        get closed() {
          return isClosed;
        },
      };
      try {
        const result = await callback(tx);
        if (!isClosed) {
          isClosed = true;
          const [committed] = await this.#runExec('COMMIT', undefined, false);
          if (committed?.command === 'ROLLBACK') {
            throw asQueryError(new TransactionAbortedError(), 'COMMIT', undefined, undefined);
          }
        }
        return result;
      } catch (error) {
        if (!isClosed) {
          isClosed = true;
          await this.#runExec('ROLLBACK', undefined, false);
        }
        throw error;
      }
    });
  }

  /** runStatement's statement (client.ts), outside any transaction. */
  async runStatement<Row>(statement: NamedStatement): Promise<Row[]> {
    const bytes = await this.outsideTransaction(() => this.#send({ op: 'statement', statement }));
    const answer = readAnswer(bytes);
    if (answer.error) throw answer.error;
    const [result] = parse.parseResults(answer.messages, types.parsers);
    return (result?.rows ?? []) as Row[];
  }

  /** As PGlite's execProtocol: raw protocol messages in, the parsed answer out. */
  async execProtocol(
    message: Uint8Array,
    { syncToFs = true, throwOnError = true, onNotice }: ProtocolOptions = {},
  ): Promise<{ messages: messages.BackendMessage[]; data: Uint8Array }> {
    const data = await this.#send({ op: 'protocol', message, syncToFs });
    const answer = readAnswer(data, { throwOnError, onNotice });
    if (answer.error) throw answer.error;
    return { messages: answer.messages, data };
  }

  /**
   * Waits for running queries and transactions, closes PGlite in the worker (its files flushed),
   * then ends the thread. Idempotent; later queries reject.
   */
  close(): Promise<void> {
    // Requests sent before it are ahead of it in the worker, so they are answered first.
    this.#closing ??= this.#transactionMutex.runExclusive(async () => {
      if (this.#stopped) return;
      try {
        await this.#send({ op: 'close' });
      } finally {
        this.#stop(new Error('database is closed'));
        await this.worker.terminate();
      }
    });
    return this.#closing;
  }
}
