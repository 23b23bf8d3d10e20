import { Client } from '@elastic/elasticsearch';
import type { NoteRecord, RegionRecord } from '../catalogue.types.ts';
import { ElasticsearchSearchIndex, type EsClient } from './elasticsearch-search-index.adapter.ts';
import { perfumeIndexDefinition } from './es-document.ts';

export interface OpenElasticsearchOptions {
  url: string;
  /** The alias reads and writes go through, e.g. `scentinel-perfumes`. */
  alias: string;
  /** The catalogue projection version: its index is `<alias>-v<version>`. */
  version: number;
  regions?: readonly RegionRecord[];
  notes?: readonly NoteRecord[];
  refresh?: boolean | 'wait_for';
}

export interface OpenedElasticsearchIndex {
  index: ElasticsearchSearchIndex;
  client: Client;
  /** The versioned index behind the alias. */
  physicalIndex: string;
  /** Makes every write so far visible (a refresh of the index). */
  refresh(): Promise<void>;
  /** Deletes the versioned index (tests). */
  drop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the Elasticsearch catalogue index (one index per projection version behind an
 * alias): creates `<alias>-v<version>` with the perfume mapping when it is missing and points the
 * alias at it when the alias does not exist yet (a later version is switched by a rebuild).
 */
export async function openElasticsearchSearchIndex(
  options: OpenElasticsearchOptions,
): Promise<OpenedElasticsearchIndex> {
  const client = new Client({ node: options.url });
  const physicalIndex = `${options.alias}-v${options.version}`;
  if (!(await client.indices.exists({ index: physicalIndex }))) {
    await client.indices.create({ index: physicalIndex, ...perfumeIndexDefinition });
  }
  if (!(await client.indices.existsAlias({ name: options.alias }))) {
    await client.indices.putAlias({ index: physicalIndex, name: options.alias });
  }
  const index = new ElasticsearchSearchIndex({
    // The official client's overloads are wider than the subset the adapter calls.
    client: client as unknown as EsClient,
    index: options.alias,
    regions: options.regions,
    notes: options.notes,
    refresh: options.refresh,
  });
  return {
    index,
    client,
    physicalIndex,
    refresh: async () => {
      await client.indices.refresh({ index: physicalIndex });
    },
    drop: async () => {
      await client.indices.delete({ index: physicalIndex, ignore_unavailable: true });
    },
    close: () => client.close(),
  };
}
