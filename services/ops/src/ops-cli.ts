import { openStore } from '@scentinel/platform';
import { ConfigError, loadConfig } from '@scentinel/platform/config';
import {
  createRuntime,
  type Projection,
  type ProjectionRuntime,
  ProjectionUsageError,
  type RebuildProgress,
  projections as registeredProjections,
} from '@scentinel/projections';
import cliProgress from 'cli-progress';
import { Command, CommanderError, InvalidArgumentError } from 'commander';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  /** The projections to operate on (default: the registry shared with the API server). */
  projections?: readonly Projection[];
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

/** Thrown by an action that ran but did not fully succeed (exit 1); its message is already printed. */
class OperationFailed extends Error {}

/**
 * The operator CLI (`npm run ops -- <command>`). Returns the exit code: 0 ok, 1 the operation
 * failed, 2 usage error (unknown command, projection or version; bad configuration).
 */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const print = (line = ''): void => {
    stdout.write(`${line}\n`);
  };
  const env = options.env ?? process.env;

  const registry = options.projections ?? registeredProjections;
  /** Opens the store and a runtime; names are checked against the registry first (no connection needed). */
  const withRuntime = async <T>(
    names: (string | undefined)[],
    fn: (runtime: ProjectionRuntime) => Promise<T>,
  ): Promise<T> => {
    for (const name of names) {
      if (name !== undefined && !registry.some((p) => p.name === name)) {
        const known = registry.map((p) => p.name).join(', ') || '(none)';
        throw new ProjectionUsageError(`Unknown projection "${name}". Known projections: ${known}`);
      }
    }
    const config = loadConfig(env);
    const store = await openStore(config);
    try {
      const runtime = createRuntime({
        sql: store.sql,
        eventLog: store.eventLog,
        projections: registry,
      });
      return await fn(runtime);
    } finally {
      await store.close();
    }
  };

  const program = new Command('ops')
    .description('Scentinel operator commands: projections and dead letters')
    .exitOverride()
    .configureOutput({ writeOut: (s) => stdout.write(s), writeErr: (s) => stderr.write(s) })
    .showHelpAfterError('(add --help for usage)');

  const projectionsCommand = program
    .command('projections')
    .description('projection builds, health and rebuilds');

  projectionsCommand
    .command('list')
    .description('registered projections and their builds')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      withRuntime([], async (runtime) => {
        const list = await runtime.list();
        if (opts.json) return print(JSON.stringify(list, null, 2));
        print(
          table(
            ['PROJECTION', 'KIND', 'CODE', 'ACTIVE', 'BUILDS'],
            list.map((p) => [
              p.name,
              p.kind,
              `v${p.codeVersion}`,
              activeOf(p.builds),
              p.builds
                .filter((b) => b.status !== 'retired')
                .map((b) => `v${b.version} ${b.status}`)
                .join(', ') || (p.kind === 'in-process' ? '(in memory)' : '(not built yet)'),
            ]),
          ),
        );
      }),
    );

  projectionsCommand
    .command('status')
    .description('position, lag and health of every build (as seen from this process)')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      withRuntime([], async (runtime) => {
        const status = await runtime.status();
        if (opts.json) return print(JSON.stringify(status, null, 2));
        print(
          table(
            [
              'PROJECTION',
              'VERSION',
              'ACTIVE',
              'BUILD',
              'STATUS',
              'POSITION',
              'LAG',
              'DEAD LETTERS',
              'LAST ERROR',
            ],
            status.map((s) => [
              s.name,
              `v${s.version}`,
              s.active ? 'yes' : 'no',
              s.build ?? s.kind,
              s.status,
              String(s.position),
              String(s.lag),
              String(s.deadLetters),
              s.lastError ?? '',
            ]),
          ),
        );
        print('Builds are run live by the API process; "stopped" means not running in this CLI process.');
      }),
    );

  projectionsCommand
    .command('rebuild')
    .description('build a new version from the whole log beside the active one, then switch reads to it')
    .argument('<name>', 'projection name')
    .option('--no-activate', 'leave the new build ready; switch with `projections activate`')
    .action((name: string, opts: { activate: boolean }) =>
      withRuntime([name], async (runtime) => {
        const bar = new cliProgress.SingleBar(
          {
            format: `${name} v{version} [{bar}] {percentage}% | {value}/{total} positions | {replayed} events | {rate} ev/s | ETA {eta_formatted}`,
            stream: stderr,
            noTTYOutput: true,
            notTTYSchedule: 1000,
            etaBuffer: 50,
          },
          cliProgress.Presets.shades_classic,
        );
        const startedAt = Date.now();
        const payload = (p: RebuildProgress) => ({
          version: p.version,
          replayed: p.replayed,
          rate: Math.round(p.replayed / Math.max(0.001, (Date.now() - startedAt) / 1000)),
        });
        let barStarted = false;
        const onProgress = (p: RebuildProgress) => {
          const total = Math.max(p.head, p.position, 1);
          if (!barStarted) {
            bar.start(total, p.position, payload(p));
            barStarted = true;
          } else {
            bar.setTotal(total);
            bar.update(p.position, payload(p));
          }
        };
        let result: Awaited<ReturnType<ProjectionRuntime['rebuild']>>;
        try {
          result = await runtime.rebuild(name, { onProgress, activate: opts.activate });
        } finally {
          if (barStarted) bar.stop();
        }
        const seconds = (result.durationMs / 1000).toFixed(1);
        print(
          `Rebuilt ${name} v${result.version}: ${result.replayed} events to position ${result.position} in ${seconds} s.`,
        );
        if (result.activated) {
          const previous = result.previousVersion;
          print(
            `v${result.version} is active${previous === undefined ? '' : `; v${previous} retired and its tables dropped`}.`,
          );
        } else {
          print(
            `v${result.version} is ready. Switch reads with: npm run ops -- projections activate ${name} ${result.version}`,
          );
        }
      }),
    );

  projectionsCommand
    .command('activate')
    .description('switch reads to a ready build (the previously active build is retired and dropped)')
    .argument('<name>', 'projection name')
    .argument('<version>', 'build version', positiveInt)
    .action((name: string, version: number) =>
      withRuntime([name], async (runtime) => {
        const result = await runtime.activate(name, version);
        if (!result.changed) return print(`${name} v${version} is already active.`);
        const previous = result.previousVersion;
        print(
          `${name} v${version} is active${previous === undefined ? '' : `; v${previous} retired and its tables dropped`}.`,
        );
      }),
    );

  const deadLetters = program.command('dead-letters').description('events a projection failed to apply');

  deadLetters
    .command('list')
    .description('open dead letters, oldest first')
    .option('--projection <name>', 'only this projection')
    .option('--all', 'include retried ones')
    .option('--json', 'print JSON')
    .action((opts: { projection?: string; all?: boolean; json?: boolean }) =>
      withRuntime([opts.projection], async (runtime) => {
        const letters = await runtime.deadLetters({
          ...(opts.projection !== undefined && { projection: opts.projection }),
          includeRetried: opts.all ?? false,
        });
        if (opts.json) return print(JSON.stringify(letters, null, 2));
        if (letters.length === 0) return print('No dead letters.');
        print(
          table(
            [
              'ID',
              'PROJECTION',
              'VERSION',
              'POSITION',
              'EVENT TYPE',
              'EVENT ID',
              'CREATED',
              'RETRIED',
              'ERROR',
            ],
            letters.map((d) => [
              String(d.id),
              d.projection,
              `v${d.version}`,
              String(d.position),
              d.eventType,
              d.eventId,
              d.createdAt.toISOString(),
              d.retriedAt?.toISOString() ?? '',
              d.error,
            ]),
          ),
        );
      }),
    );

  deadLetters
    .command('retry')
    .description('re-apply open dead letters in log order; each one that succeeds is marked retried')
    .option('--projection <name>', 'only this projection')
    .option('--id <n>', 'only this dead letter', positiveInt)
    .action((opts: { projection?: string; id?: number }) =>
      withRuntime([opts.projection], async (runtime) => {
        const result = await runtime.retryDeadLetters({
          ...(opts.projection !== undefined && { projection: opts.projection }),
          ...(opts.id !== undefined && { id: opts.id }),
        });
        print(
          `Retried ${result.retried.length}, failed ${result.failed.length}, skipped ${result.skipped.length}.`,
        );
        for (const f of result.failed) print(`  #${f.id} failed again: ${f.error}`);
        for (const s of result.skipped) print(`  #${s.id} skipped: ${s.reason}`);
        if (result.failed.length > 0) throw new OperationFailed('some dead letters failed again');
      }),
    );

  try {
    await program.parseAsync([...args], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander printed the message (or the help) already: --help and --version exit 0,
      // help shown because of a missing command or any parse error is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof OperationFailed) return EXIT.failed;
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`error: ${message}\n`);
    return error instanceof ProjectionUsageError || error instanceof ConfigError ? EXIT.usage : EXIT.failed;
  }
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError(`expected a positive whole number, got "${value}"`);
  }
  return n;
}

function activeOf(builds: { version: number; status: string }[]): string {
  const active = builds.find((b) => b.status === 'active');
  return active ? `v${active.version}` : '-';
}

/** Left-aligned columns, two spaces apart. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
