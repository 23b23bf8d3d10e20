export { type CliOptions, EXIT, runCli } from './ops-cli.ts';
