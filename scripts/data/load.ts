/**
 * `npm run data:load`: imports the shipped catalogue (data/) into the configured event log
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR) as events. Idempotent: a second run appends
 * nothing; after a data update only the differences.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueFiles, catalogueFilesExist, importCatalogue } from '@scentinel/importer';
import { ConfigError, loadConfig } from '@scentinel/platform/config';
import { openStore } from '@scentinel/platform/store';
import cliProgress from 'cli-progress';
import { Command } from 'commander';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const program = new Command()
  .name('data:load')
  .description('Import the processed catalogue into the event log as events')
  .option('--data <dir>', 'folder holding catalogue/ and chemicals/', path.join(root, 'data'))
  .option('--batch <n>', 'streams per atomic append', (v) => Number.parseInt(v, 10), 1000)
  .parse();
const opts = program.opts<{ data: string; batch: number }>();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
const files = catalogueFiles(opts.data);
if (!catalogueFilesExist(files)) {
  console.error(`No catalogue in ${opts.data} (expected ${files.perfumes} and ${files.chemicals}).`);
  process.exit(2);
}

const store = await openStore(config);
const bar = new cliProgress.SingleBar(
  {
    format: ' {stage} |{bar}| {value}/{total} records | {appended} events | ETA {eta_formatted}',
    etaBuffer: 50,
  },
  cliProgress.Presets.shades_classic,
);
let stage = '';
try {
  console.error(
    `Importing into ${config.mode === 'server' ? 'Postgres server' : `PGlite (${config.dataDir})`}`,
  );
  const summary = await importCatalogue(store.eventLog, {
    files,
    batchSize: opts.batch,
    onProgress: (p) => {
      if (p.stage !== stage) {
        if (stage) bar.stop();
        stage = p.stage;
        // The perfume file is streamed; its size is known from the last run's shape only, so the
        // bar's total grows with it.
        bar.start(p.total ?? Math.max(p.done, 1), p.done, {
          stage: p.stage.padEnd(11),
          appended: p.appended,
        });
      }
      if (p.total === null && p.done > bar.getTotal()) bar.setTotal(p.done + 1000);
      bar.update(p.done, { appended: p.appended });
    },
  });
  bar.stop();
  console.log(JSON.stringify(summary, null, 2));
} catch (err) {
  bar.stop();
  console.error(`Import failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
