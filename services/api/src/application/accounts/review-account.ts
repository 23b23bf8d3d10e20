import { accountStreamId, accounts } from '@scentinel/domain';
import { type CommandCaller, handleCommand } from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';

/**
 * An admin approves (`reason` null) or rejects a pending account. Decided again on a conflict:
 * the domain refuses an account that is no longer pending, so a retry cannot review twice.
 */
export async function reviewAccount(
  deps: ApplicationDeps,
  caller: CommandCaller,
  accountId: string,
  reason: string | null,
): Promise<void> {
  await handleCommand(deps, caller, {
    streamId: accountStreamId(accountId),
    folder: accounts,
    retryOnConflict: true,
    decide: ({ state }, now) =>
      accounts.decide(
        reason === null
          ? { type: 'ApproveAccount', data: { account_id: accountId } }
          : { type: 'RejectAccount', data: { account_id: accountId, reason } },
        state,
        { now: now.toISOString(), actor: caller.actor },
      ),
  });
}
