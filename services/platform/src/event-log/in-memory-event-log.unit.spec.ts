import { eventLogContract } from './event-log.contract.ts';
import { InMemoryEventLog } from './in-memory-event-log.adapter.ts';

eventLogContract('in-memory', async () => {
  const log = new InMemoryEventLog();
  return { log, cleanup: () => log.close() };
});
