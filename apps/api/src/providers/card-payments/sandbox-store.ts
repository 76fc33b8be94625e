// Where a sandbox provider keeps its side of the world (sessions, tokens, mandates, collections).
// The app connects a database-backed store (modules/payment/sandbox-store.ts) so every API
// process serves the same hosted pages; on its own (contract tests) a sandbox keeps it in memory.

/** One record of a sandbox's world, as `putAll` writes it. */
type SandboxRecord = { kind: string; id: string; data: object };

export type SandboxStore = {
  get<T extends object>(kind: string, id: string): Promise<T | null>;
  put(kind: string, id: string, data: object): Promise<void>;
  /**
   * Several records at once, all or none: what one call of a provider makes (a collection, its
   * reference and the mandate's count) is never half kept, so a rerun after a crash finds it whole.
   * Each kind and id once in a call: the database writes them in one statement.
   */
  putAll(records: readonly SandboxRecord[]): Promise<void>;
  /** Every record of a kind (the sandboxes keep few). */
  list<T extends object>(kind: string): Promise<T[]>;
  remove(kind: string, id: string): Promise<void>;
};

export function createMemorySandboxStore(): SandboxStore {
  const records = new Map<string, object>();
  const putAll: SandboxStore['putAll'] = async (list) => {
    for (const { kind, id, data } of list) records.set(`${kind}:${id}`, structuredClone(data));
  };
  return {
    async get<T extends object>(kind: string, id: string) {
      const value = records.get(`${kind}:${id}`);
      return value ? (structuredClone(value) as T) : null;
    },
    put: (kind, id, data) => putAll([{ kind, id, data }]),
    putAll,
    async list<T extends object>(kind: string) {
      return [...records.entries()]
        .filter(([key]) => key.startsWith(`${kind}:`))
        .map(([, value]) => structuredClone(value) as T);
    },
    async remove(kind, id) {
      records.delete(`${kind}:${id}`);
    },
  };
}
