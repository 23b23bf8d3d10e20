/**
 * For fault tests: the Kafka outbox relay alone in a process of its own, publishing a Postgres
 * schema's log to a topic. With `CRASH_AFTER_SENDS=n` it kills itself (SIGKILL) the moment the
 * broker acknowledges its n-th send, before the relay moves its checkpoint: the crash between the
 * broker's ack and the checkpoint commit, at a known point.
 *
 *   DATABASE_URL=… DATABASE_SCHEMA=… KAFKA_BROKERS=host:port KAFKA_TOPIC=… RELAY_BATCH_SIZE=20 \
 *     npx tsx services/api/src/testing/relay-process.ts
 */
import { createPgClient, PostgresEventLog } from '@scentinel/platform';
import { KafkaEventRelay } from '@scentinel/platform/event-bus';
import { Kafka, logLevel, type ProducerConfig } from 'kafkajs';

const env = process.env;
if (!env.DATABASE_URL || !env.DATABASE_SCHEMA || !env.KAFKA_BROKERS || !env.KAFKA_TOPIC) {
  process.stderr.write('set DATABASE_URL, DATABASE_SCHEMA, KAFKA_BROKERS and KAFKA_TOPIC\n');
  process.exit(2);
}
const crashAfter = env.CRASH_AFTER_SENDS ? Number(env.CRASH_AFTER_SENDS) : undefined;

const sql = await createPgClient(env.DATABASE_URL, { schema: env.DATABASE_SCHEMA });
const eventLog = await PostgresEventLog.create(sql);
const kafka = new Kafka({
  clientId: 'relay-process',
  brokers: env.KAFKA_BROKERS.split(','),
  logLevel: logLevel.NOTHING,
});
// The relay's producer, with its sends counted: the crash comes right after an acknowledged one.
let sends = 0;
const counted = {
  producer(config?: ProducerConfig) {
    const producer = kafka.producer(config);
    const send = producer.send.bind(producer);
    producer.send = async (record) => {
      const metadata = await send(record);
      sends++;
      if (sends === crashAfter) process.kill(process.pid, 'SIGKILL');
      return metadata;
    };
    return producer;
  },
} as unknown as Kafka;

const relay = new KafkaEventRelay({
  sql,
  eventLog,
  kafka: counted,
  topic: env.KAFKA_TOPIC,
  idempotent: false,
  batchSize: Number(env.RELAY_BATCH_SIZE ?? 500),
});
await relay.start();
process.stdout.write('relay started\n');
process.once('SIGTERM', async () => {
  await relay.stop();
  await eventLog.close();
  await sql.close();
  process.exit(0);
});
