/** For int tests: the API as deployed, `server.ts` in a child process of its own. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server.ts');

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Starts `server.ts` in a child process on a free port; resolves with its address once it listens. */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /is running \([^)]*\): (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]!.replace('localhost', '127.0.0.1'), output: () => out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited (${code}):\n${out}`));
    });
  });
}

export async function stopApiProcess(api: ApiProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill(signal);
  await exited;
}
