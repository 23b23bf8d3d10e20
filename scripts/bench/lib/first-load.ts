/**
 * What a browser downloads as JavaScript on the first load of the page: the entry module(s) and the
 * chunks Vite marks `modulepreload` in `index.html`. Chunks only reached through a dynamic
 * `import()` (dialogs, other languages) are not part of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Asset {
  /** As written in index.html, e.g. `/assets/index-abc.js`. */
  href: string;
  kind: 'entry' | 'modulepreload';
}

export interface SizedAsset extends Asset {
  bytes: number;
  gzipBytes: number;
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z][\w:-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1];
    if (name === undefined) continue;
    attrs.set(name.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** The first-load JavaScript of an `index.html`, in document order, without duplicates. */
export function firstLoadScripts(html: string): Asset[] {
  const found: Asset[] = [];
  const seen = new Set<string>();
  const add = (href: string | undefined, kind: Asset['kind']) => {
    if (href === undefined || href === '' || seen.has(href)) return;
    seen.add(href);
    found.push({ href, kind });
  };
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(m[2] ?? '');
    if (m[1]?.toLowerCase() === 'script') {
      if (attrs.has('src') && (attrs.get('type') ?? '').toLowerCase() === 'module')
        add(attrs.get('src'), 'entry');
    } else {
      const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload')) add(attrs.get('href'), 'modulepreload');
    }
  }
  return found;
}

/** Bytes after gzip at level 9 (the best a server could send). */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Reads `index.html` in `distDir` and sizes each first-load script found in it. */
export function sizeFirstLoad(distDir: string, read: (file: string) => Buffer = readFileSync): SizedAsset[] {
  const html = read(path.join(distDir, 'index.html')).toString('utf8');
  const assets = firstLoadScripts(html);
  if (assets.length === 0) throw new Error(`no module script found in ${path.join(distDir, 'index.html')}`);
  return assets.map((asset) => {
    if (/^[a-z]+:\/\//i.test(asset.href) || asset.href.startsWith('//')) {
      throw new Error(`first-load script ${asset.href} is not served from web/dist; cannot size it`);
    }
    const file = path.join(distDir, asset.href.split(/[?#]/)[0]?.replace(/^\/+/, '') ?? '');
    const content = read(file);
    return { ...asset, bytes: content.length, gzipBytes: gzipSize(content) };
  });
}
