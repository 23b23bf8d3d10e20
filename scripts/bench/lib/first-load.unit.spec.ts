import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstLoadScripts, gzipSize, sizeFirstLoad } from './first-load.ts';

const VITE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-Dmdi_uwA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-WkwZ5CU-.js">
    <link rel="modulepreload" crossorigin href="/assets/modal-BnN4qMUj.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ChhB9Xdi.css">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script src="/legacy.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('firstLoadScripts', () => {
  it('finds the module entry and the modulepreload chunks, not CSS, icons or classic scripts', () => {
    expect(firstLoadScripts(VITE_INDEX)).toEqual([
      { href: '/assets/index-Dmdi_uwA.js', kind: 'entry' },
      { href: '/assets/rolldown-runtime-WkwZ5CU-.js', kind: 'modulepreload' },
      { href: '/assets/modal-BnN4qMUj.js', kind: 'modulepreload' },
    ]);
  });

  it('reads attributes in any order and quoting, once per file', () => {
    const html = `<link href='/a.js' rel="modulepreload"><SCRIPT src=/b.js type=module></SCRIPT><link rel="modulepreload" href="/a.js">`;
    expect(firstLoadScripts(html).map((a) => a.href)).toEqual(['/a.js', '/b.js']);
  });
});

describe('sizeFirstLoad', () => {
  const reader = (files: Record<string, string>) => (file: string) => {
    const content = files[file];
    if (content === undefined) throw new Error(`ENOENT: ${file}`);
    return Buffer.from(content);
  };

  it('gzips each first-load file of the dist folder at level 9', () => {
    const entry = 'console.log("entry");'.repeat(200);
    const read = reader({
      '/dist/index.html': '<script type="module" src="/assets/e.js"></script>',
      '/dist/assets/e.js': entry,
    });
    const [sized] = sizeFirstLoad('/dist', read);
    expect(sized?.bytes).toBe(entry.length);
    expect(sized?.gzipBytes).toBe(gzipSync(entry, { level: 9 }).length);
    expect(sized?.gzipBytes).toBeLessThan(entry.length / 10);
  });

  it('fails clearly when index.html has no module script, points off-site or at a missing file', () => {
    expect(() => sizeFirstLoad('/dist', reader({ '/dist/index.html': '<p>nothing</p>' }))).toThrow(
      /no module script/,
    );
    const offSite = reader({
      '/dist/index.html': '<script type="module" src="https://cdn.example/x.js"></script>',
    });
    expect(() => sizeFirstLoad('/dist', offSite)).toThrow(/not served from web\/dist/);
    const missing = reader({ '/dist/index.html': '<script type="module" src="/assets/gone.js"></script>' });
    expect(() => sizeFirstLoad('/dist', missing)).toThrow(/gone\.js/);
  });
});

describe('gzipSize', () => {
  it('is the length of a valid gzip stream of the content', () => {
    const text = 'abc'.repeat(1000);
    expect(gzipSize(text)).toBe(gzipSync(text, { level: 9 }).length);
    expect(gunzipSync(gzipSync(text, { level: 9 })).toString()).toBe(text);
  });
});
