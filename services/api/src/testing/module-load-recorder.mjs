// Module resolution hook (node:module `register`): appends every URL the process resolves to the
// file named in `data.file`, one per line, synchronously, so the list is complete when the
// importing code ends. Used by the test that keeps the scanner's libraries out of the API's load.
import { appendFileSync } from 'node:fs';

let file = '';

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
