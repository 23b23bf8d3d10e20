import type { EventLog } from './event-log.port.ts';

/** An event log whose calls go to `log`, but for those `overrides` replaces. */
export function delegatingLog(log: EventLog, overrides: Partial<EventLog>): EventLog {
  return {
    append: (streamId, events, expectedVersion) => log.append(streamId, events, expectedVersion),
    appendMany: (batches) => log.appendMany(batches),
    readStream: (streamId, fromVersion) => log.readStream(streamId, fromVersion),
    streamVersion: (streamId) => log.streamVersion(streamId),
    readAll: (options) => log.readAll(options),
    headPosition: () => log.headPosition(),
    subscribe: (handler, options) => log.subscribe(handler, options),
    close: () => log.close(),
    ...overrides,
  };
}
