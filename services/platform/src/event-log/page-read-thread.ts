import { Worker } from 'node:worker_threads';
import type { StoredEvent } from './event-log.port.ts';
import { type PageTape, readTape } from './page-tape.ts';

export interface PageReadThreadOptions {
  /** The Postgres server's connection string. */
  connectionString: string;
  /** The schema holding the log. */
  schema: string;
  /** The read: `$1` after, `$2` limit, `$3` the types whose data is wanted (see the adapter's `readAll`). */
  sql: string;
}

interface Pending {
  resolve: (events: StoredEvent[]) => void;
  reject: (error: unknown) => void;
}

type Reply = { id: number; page: PageTape } | { id: number; error: Record<string, unknown> };

/**
 * Pages of the log read on a thread of their own (`page-read-worker.mjs`): the query, the
 * protocol decoding and parsing the payloads happen there, and this thread only rebuilds the
 * events from the tape a page comes as (`page-tape.ts`). For the long reads of a projection catching up on a Postgres server, where
 * decoding the log took as much of the main thread as applying it. The thread starts on the first
 * read and does not keep the process alive; one that died is started again by the next read.
 */
export class PageReadThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(private readonly options: PageReadThreadOptions) {}

  read(after: number, limit: number, types: readonly string[] | null): Promise<StoredEvent[]> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<StoredEvent[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, after, limit, types });
      // Waiting for a page: the thread must not let the process exit meanwhile.
      if (this.pending.size === 1) worker.ref();
    });
  }

  /** Stops the thread (reads still pending fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), 2_000);
    await exited;
    clearTimeout(timer);
    this.failAll(new Error('the event log was closed'));
  }

  private start(): Worker {
    const worker = new Worker(new URL('./page-read-worker.mjs', import.meta.url), {
      workerData: this.options,
      // Its own small heap: it holds one page at a time.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) {
        waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
        return;
      }
      try {
        waiting.resolve(readTape(reply.page) as StoredEvent[]);
      } catch (error) {
        waiting.reject(error);
      }
    });
    const gone = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the log's page reader thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: unknown): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(error);
  }
}
