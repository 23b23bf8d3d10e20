import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the server Node flags', () => {
  it('are the ones npm start runs the server with', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '));
  });

  it('give the server a larger young generation than Node does by default', () => {
    const newSpace = (flags: string[]) => {
      const probe = spawnSync(
        process.execPath,
        [
          ...flags,
          '-e',
          "const v8=require('node:v8');let k=[];let m=0;for(let i=0;i<1e6;i++){k.push({a:i,b:'x'+i});if(k.length>2e5)k=[];if(i%1e4===0)m=Math.max(m,v8.getHeapSpaceStatistics().find(s=>s.space_name==='new_space').space_size)}console.log(m)",
        ],
        { encoding: 'utf8' },
      );
      return Number(probe.stdout.trim());
    };
    expect(newSpace(SERVER_NODE_FLAGS)).toBeGreaterThan(newSpace([]));
    // Two child Node processes allocating a million objects each: seconds of CPU on a busy
    // 2-core machine, more than a unit test's default allowance.
  }, 30_000);
});
