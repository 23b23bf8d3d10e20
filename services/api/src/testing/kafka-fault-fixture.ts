import { dropSchema, openStore, type Store, uniqueSchemaName } from '@scentinel/platform';
import { type KafkaTestBroker, startKafkaTestBroker } from '@scentinel/platform/event-bus/testing';
import { afterAll, beforeAll } from 'vitest';

export interface KafkaFaultFixture {
  /** The Kafka test broker, with `topic` made (3 partitions). */
  broker: KafkaTestBroker;
  /** The event store on `schema`, a schema of its own. */
  store: Store;
  schema: string;
  /** What the test started: stopped in reverse order at the end, before the schema is dropped. */
  closers: (() => Promise<unknown>)[];
}

/**
 * For a fault test's `describe`: a Kafka test broker and an event store on a fresh Postgres schema
 * before the tests; afterwards the test's closers (latest first, errors ignored), the schema
 * dropped and the broker stopped. The fields are set once `beforeAll` ran.
 */
export function useKafkaFaultFixture(
  databaseUrl: string,
  topic: string,
  schemaPrefix: string,
): KafkaFaultFixture {
  const schema = uniqueSchemaName(schemaPrefix);
  const fixture = { schema, closers: [] } as unknown as KafkaFaultFixture;
  beforeAll(async () => {
    fixture.broker = await startKafkaTestBroker(1, [`${topic}:3`]);
    fixture.store = await openStore({ databaseUrl, databaseSchema: schema, dataDir: '/nonexistent' });
  });
  afterAll(async () => {
    for (const close of fixture.closers.reverse()) await close().catch(() => {});
    if (fixture.store) {
      await dropSchema(fixture.store.sql);
      await fixture.store.close();
    }
    await fixture.broker?.stop();
  });
  return fixture;
}
