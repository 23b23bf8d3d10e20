import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { searchIndexContract } from '../search-index.contract.ts';
import { openElasticsearchSearchIndex } from './es-client.ts';

// The Elasticsearch adapter's contract suite runs only where a server is given; without one,
// `es-replay.unit.spec.ts` replays the client's calls against recorded answers.
const url = process.env.ELASTICSEARCH_URL;
if (!url)
  console.warn('elasticsearch-search-index.int.spec.ts: skipped because ELASTICSEARCH_URL is not set');

describe.skipIf(!url)('Elasticsearch search index (needs ELASTICSEARCH_URL)', () => {
  searchIndexContract(
    'Elasticsearch',
    async (reference) => {
      const opened = await openElasticsearchSearchIndex({
        url: url!,
        alias: `scentinel-test-${randomUUID()}`,
        version: 1,
        ...reference,
        // Every write visible at once: the contract reads right after each one.
        refresh: true,
      });
      // Reads go through the alias: point it at the version's index.
      await opened.activate();
      return {
        index: opened.index,
        settle: opened.refresh,
        cleanup: async () => {
          await opened.drop();
          await opened.close();
        },
      };
    },
    { queryRuns: 8, writeRuns: 4, maxCatalogue: 80, timeoutMs: 600_000 },
  );
});
