/**
 * pglite-socket 0.2.17 queues each protocol message of each connection on its own, so under
 * concurrent load one connection's Parse can land between another's Parse and Bind: the unnamed
 * statement is overwritten ("bind message supplies 1 parameters, but prepared statement ""
 * requires 2") and, worse, a Bind can run another connection's statement and send its rows to
 * the wrong client. The fault suite's load found it. Reported upstream, still open:
 * https://github.com/electric-sql/pglite/issues/1046 (a fix is proposed in
 * https://github.com/electric-sql/pglite/pull/977).
 *
 * This replaces the queue's scheduling on the server's instance: once a connection has sent an
 * extended-query message (Parse, Bind, Describe, Execute, Close, Flush), only its messages run
 * until its Sync, as PostgreSQL itself would see one connection's sequence. Everything else (a
 * transaction keeps its connection, one message at a time through `runExclusive`) is as before.
 *
 * It patches private fields of exactly that version: package.json pins @electric-sql/pglite-socket
 * to 0.2.17. Before moving the pin, run test/checks/pglite-protocol-lock.spec.ts: its first test
 * shows the bug without this patch, and fails once a release has fixed it (then drop the patch).
 */

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueueManager {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: {
    isInTransaction(): boolean;
    runExclusive<T>(work: () => Promise<T>): Promise<T>;
    execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<unknown>;
  };
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Parse, Bind, Describe, Execute, Close, Flush: a sequence that runs until Sync. */
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
/** Sync and a simple Query end a connection's turn. */
const END_OF_TURN = new Set([0x53, 0x51]);

export function serialiseExtendedQueries(server: object): void {
  const manager = (server as { queryQueue?: QueueManager }).queryQueue;
  if (!manager || typeof manager.processQueue !== 'function' || !Array.isArray(manager.queue)) {
    throw new Error('pglite-socket no longer has the query queue this app patches: see server/database/pglite-protocol-lock.ts');
  }
  /** The connection in the middle of an extended-query sequence, if any. */
  let owner: number | null = null;

  manager.processQueue = async function processQueue(this: QueueManager): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const holder = owner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = holder === null ? 0 : this.queue.findIndex((item) => item.handlerId === holder);
        // The connection whose turn it is has sent nothing more yet: its next message resumes.
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1);
        const type = item.message[0];
        if (EXTENDED.has(type)) owner = item.handlerId;
        else if (END_OF_TURN.has(type)) owner = null;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          if (owner === item.handlerId) owner = null;
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }.bind(manager);

  const clear = manager.clearQueueForHandler.bind(manager);
  manager.clearQueueForHandler = (handlerId: number) => {
    if (owner === handlerId) owner = null;
    clear(handlerId);
    void manager.processQueue();
  };
}
