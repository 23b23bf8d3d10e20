import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './open-store.ts';

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('holds the directory until released', () => {
    const dir = tmp();
    const unlock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, '.scentinel.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    const again = lockDataDir(dir);
    again();
  });

  it('refuses a directory locked by another running process', () => {
    const dir = tmp();
    // The parent of this process is alive for the whole test.
    writeFileSync(path.join(dir, '.scentinel.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose owner is gone', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, '.scentinel.lock'), '999999999');
    const unlock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, '.scentinel.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
