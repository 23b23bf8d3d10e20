import { runCli } from './ops-cli.ts';

// `npm run ops -- <command>`: see `runCli` for the commands and exit codes.
process.exitCode = await runCli(process.argv.slice(2));
