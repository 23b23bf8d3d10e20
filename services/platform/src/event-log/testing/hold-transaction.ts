import type { SqlClient, SqlExecutor } from '../../db/sql-client.ts';

/** Opens a transaction and keeps it open until `commit()` (a writer caught in flight, for tests). */
export async function holdTransaction(
  client: SqlClient,
): Promise<{ tx: SqlExecutor; commit: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let ready!: (tx: SqlExecutor) => void;
  const opened = new Promise<SqlExecutor>((resolve) => {
    ready = resolve;
  });
  const done = client.transaction(async (tx) => {
    ready(tx);
    await released;
  });
  const tx = await Promise.race([
    opened,
    done.then(() => Promise.reject(new Error('transaction ended early'))),
  ]);
  return {
    tx,
    commit: async () => {
      release();
      await done;
    },
  };
}
