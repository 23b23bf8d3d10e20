// Run as `node --import tsx list-loaded-modules.mjs <module path> <list file>`: imports the module
// with the resolution recorder installed and leaves the resolved URLs in the list file.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const [target, file] = process.argv.slice(2);
register('./module-load-recorder.mjs', import.meta.url, { data: { file } });
await import(pathToFileURL(target).href);
