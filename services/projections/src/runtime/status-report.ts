import { isStalled, lagOf, watchLag } from './lag.ts';
import type { Projection } from './projection.ts';
import type { Build, Checkpoint } from './projection-store.ts';
import type { LiveRunner, ProjectionStatus, RunStatus } from './runtime-types.ts';

/** What this process knows about its projections when health is asked for. */
export interface StatusInput {
  projections: Iterable<Projection>;
  head: number;
  builds: Build[];
  checkpoints: Checkpoint[];
  /** Open dead letters per `name@version`. */
  deadLetters: Map<string, { count: number; lastError: string }>;
  now: number;
  stallAfterMs: number;
  live: (name: string) => LiveRunner | undefined;
  /** The version this process is rebuilding, if any. */
  rebuildingVersion: (name: string) => number | undefined;
  syncErrors: ReadonlyMap<string, string>;
  notRunnable: ReadonlyMap<string, string>;
}

/** One entry per in-process projection and per unretired build of each Postgres projection. */
export function projectionStatuses(input: StatusInput): ProjectionStatus[] {
  const { head, builds, checkpoints, deadLetters, now, stallAfterMs } = input;
  const out: ProjectionStatus[] = [];
  for (const p of input.projections) {
    const runner = input.live(p.name);
    const syncError = input.syncErrors.get(p.name);
    if (p.kind === 'in-process') {
      const position = runner?.position ?? 0;
      const lag = lagOf(head, position);
      const lastError = runner?.lastError ?? syncError;
      out.push({
        name: p.name,
        kind: p.kind,
        version: p.version,
        active: true,
        position,
        lag,
        status: runner ? runStatus(runner, lag, now, stallAfterMs) : syncError ? 'failed' : 'stopped',
        ...(lastError !== undefined && { lastError }),
        deadLetters: deadLetters.get(`${p.name}@${p.version}`)?.count ?? 0,
      });
      continue;
    }
    const own = builds.filter((b) => b.name === p.name && b.status !== 'retired');
    if (own.length === 0) {
      // Not built yet: the first start builds it.
      out.push({
        name: p.name,
        kind: p.kind,
        version: p.version,
        active: false,
        position: 0,
        lag: head,
        status: syncError ? 'failed' : 'stopped',
        ...(syncError !== undefined && { lastError: syncError }),
        deadLetters: 0,
      });
      continue;
    }
    for (const b of own) {
      const checkpoint = checkpoints.find((c) => c.name === p.name && c.version === b.version);
      const live = runner?.version === b.version ? runner : undefined;
      const position = Math.max(live?.position ?? 0, checkpoint?.position ?? 0);
      const lag = lagOf(head, position);
      let status: RunStatus = 'stopped';
      if (live) status = runStatus(live, lag, now, stallAfterMs);
      else if (b.status === 'failed' || (b.status === 'active' && syncError)) status = 'failed';
      else if (b.status === 'building') {
        const local = input.rebuildingVersion(p.name) === b.version;
        const quietFor = now - (checkpoint?.updatedAt.getTime() ?? now);
        status = !local && lag > 0 && quietFor >= stallAfterMs ? 'stalled' : 'rebuilding';
      }
      const letters = deadLetters.get(`${p.name}@${b.version}`);
      const lastError =
        live?.lastError ??
        b.lastError ??
        (b.status === 'active' ? (syncError ?? input.notRunnable.get(p.name)) : undefined) ??
        letters?.lastError;
      out.push({
        name: p.name,
        kind: p.kind,
        version: b.version,
        active: b.status === 'active',
        build: b.status,
        position,
        lag,
        status,
        ...(lastError !== undefined && lastError !== null && { lastError }),
        deadLetters: letters?.count ?? 0,
      });
    }
  }
  return out;
}

/** A live runner's state; reading it also tracks how long the runner has been behind. */
function runStatus(runner: LiveRunner, lag: number, now: number, stallAfterMs: number): RunStatus {
  if (runner.state === 'failed') return 'failed';
  if (runner.state === 'stopped') return 'stopped';
  runner.lagWatch = watchLag(runner.lagWatch, runner.position, lag, now);
  return isStalled(runner.lagWatch, now, stallAfterMs) ? 'stalled' : 'running';
}
