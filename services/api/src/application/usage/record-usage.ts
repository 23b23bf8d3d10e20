import { type UsageCommand, usage, usageStreamId } from '@scentinel/domain';
import { type EventLog, metadataFor, toNewEvents } from '@scentinel/platform';
import type { CommandCaller } from '../command-handler.ts';

/**
 * Decides a usage-tracking command and appends its events to the client session's stream. The
 * events only add to the session's record (decide needs no state), so the append expects any
 * version and never conflicts. Throws the domain's validation error for bad input, writing nothing.
 */
export async function recordUsage(
  eventLog: Pick<EventLog, 'append'>,
  caller: Pick<CommandCaller, 'actor' | 'requestId'>,
  command: UsageCommand,
  now: Date,
): Promise<void> {
  const metadata = metadataFor(caller.actor, caller.requestId, now);
  // The metadata's time is the decision's too (one date formatting per call, not two).
  const events = usage.decide(command, usage.initialState, { now: metadata.occurredAt, actor: caller.actor });
  await eventLog.append(usageStreamId(command.data.client.session_id), toNewEvents(events, metadata), 'any');
}
