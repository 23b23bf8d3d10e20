/**
 * For fault tests: a Postgres cluster of the test's own (initdb into a temporary folder, a free
 * port), so a test can crash and restart the server without touching the machine's shared one.
 * As root, the server runs as the `postgres` user (Postgres refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export interface PrivatePostgres {
  /** `postgres://root@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Stops the server at once, as a crash would (`pg_ctl stop -m immediate`): no checkpoint. */
  crash(): void;
  /** Starts it again on the same data (crash recovery) and port; returns once it accepts connections. */
  start(): void;
  /** Stops it (if running) and removes its folder. */
  destroy(): void;
  /** The server's log (for a failing test's message). */
  log(): string;
}

/** The folder with initdb and pg_ctl of the newest Postgres installed from the distribution, if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  // As root, each command runs as `postgres`; the cluster's superuser is named root either way.
  const run = (command: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(binDir, command),
      asRoot ? ['-u', 'postgres', '--', path.join(binDir, command), ...args] : args,
      { stdio: 'pipe', timeout: 60_000 },
    );
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'root', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  let running = false;
  const pg: PrivatePostgres = {
    url: `postgres://root@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
      running = true;
    },
    crash() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) pg.crash();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
  try {
    pg.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return pg;
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name} to run Postgres as (it refuses to run as root)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
