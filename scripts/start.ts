/**
 * `tsx scripts/start.ts`: the same start as `npm start` (`scripts/start.mjs`), for scripts that
 * run it through tsx.
 */
const launcher: string = './start.mjs';
await import(launcher);

export {};
