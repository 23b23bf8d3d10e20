/** Types of `server-bundle.mjs` (plain JavaScript, run before any TypeScript loader). */
export function bundleCacheDir(): string;
export function upToDateBundle(cacheDir?: string): string | null;
export function buildServerBundle(cacheDir?: string): Promise<string>;
export function serverBundle(cacheDir?: string): Promise<string>;
