/**
 * For fault tests: a redis-server of the test's own on a free port (append-only file in a temporary
 * folder, so what it acknowledged survives a crash), which the test can kill and start again
 * without touching the machine's shared Redis.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export interface PrivateRedis {
  url: string;
  /** SIGKILL: the server stops at once, as a crash would. Resolves once it has exited. */
  crash(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts commands. */
  start(): Promise<void>;
  /** Kills it and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPrivateRedis(binary = 'redis-server'): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    start() {
      const started = spawn(
        binary,
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--daemonize',
          'no',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      let out = '';
      return new Promise<void>((resolve, reject) => {
        const onData = (d: Buffer) => {
          out += String(d);
          if (out.includes('Ready to accept connections')) {
            started.stdout!.off('data', onData);
            resolve();
          }
        };
        started.stdout!.on('data', onData);
        started.stderr!.on('data', (d) => (out += String(d)));
        started.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${out}`)));
        started.once('error', reject);
      });
    },
    crash() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
    async destroy() {
      await redis.crash();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
