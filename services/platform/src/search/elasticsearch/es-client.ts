import { Client } from '@elastic/elasticsearch';
import type { NoteRecord, RegionRecord } from '../catalogue.types.ts';
import { ElasticsearchSearchIndex, type EsClient } from './elasticsearch-search-index.adapter.ts';
import {
  type AliasClient,
  type AliasSwap,
  activateVersion,
  aliasTargets,
  versionedIndexName,
} from './es-alias.ts';
import type { BulkLimits } from './es-bulk.ts';
import { perfumeIndexDefinition } from './es-document.ts';
import { esCall, statusOf } from './es-errors.ts';

export interface OpenElasticsearchOptions {
  url: string;
  /** The alias reads go through, e.g. `scentinel-catalogue`. */
  alias: string;
  /** The catalogue projection version: its index is `<alias>-v<version>`. */
  version: number;
  regions?: readonly RegionRecord[];
  notes?: readonly NoteRecord[];
  refresh?: boolean | 'wait_for';
  /**
   * Replica writer mode (`es-catalogue-replica.ts`): writes are held until `flush` and carry the
   * event position as external version. Off, each write is sent at once without a version.
   */
  replica?: boolean;
  bulkLimits?: BulkLimits;
  /** Per-request timeout of the client (default 30 s). */
  requestTimeoutMs?: number;
  /** Retries of the client on a connection failure (its default when absent). */
  maxRetries?: number;
}

export interface OpenedElasticsearchIndex {
  index: ElasticsearchSearchIndex;
  client: Client;
  alias: string;
  version: number;
  /** The versioned index behind the alias, written by this process's projection version. */
  physicalIndex: string;
  /** Holds one checkpoint document per projection version (`v<N>`: the log position it covers). */
  checkpointIndex: string;
  /** The log position the versioned index holds every event up to (0 when none). */
  readCheckpoint(): Promise<number>;
  /** Records `position` unless a higher one is recorded (external version: it never goes back). */
  writeCheckpoint(position: number): Promise<void>;
  /** Moves the alias to this version's index (`es-alias.ts`). */
  activate(): Promise<AliasSwap>;
  /** Whether the alias exists at all. */
  aliasExists(): Promise<boolean>;
  /** Sends held writes and makes every write so far visible. */
  refresh(): Promise<void>;
  /** Deletes the versioned index and its checkpoint (tests). */
  drop(): Promise<void>;
  close(): Promise<void>;
}

const checkpointIndexDefinition = {
  settings: { number_of_shards: 1 },
  mappings: {
    dynamic: 'strict',
    properties: { position: { type: 'long' }, updated_at: { type: 'date' } },
  },
} as const;

/** Creates `index` unless it exists (two processes creating it at once is fine). */
async function ensureIndex(client: Client, index: string, definition: object): Promise<void> {
  if (await esCall('checking an index', () => client.indices.exists({ index }))) return;
  try {
    await esCall('creating an index', () => client.indices.create({ index, ...definition }));
  } catch (error) {
    const type = (error as { body?: { error?: { type?: string } } }).body?.error?.type;
    if (statusOf(error) === 400 && type === 'resource_already_exists_exception') return;
    throw error;
  }
}

/**
 * Opens the Elasticsearch catalogue index of one projection version: creates `<alias>-v<version>`
 * with the perfume mapping and the checkpoint index when missing. The alias is moved only by
 * `activate` (the replica writer does it once the version's index has caught up with the log).
 */
export async function openElasticsearchSearchIndex(
  options: OpenElasticsearchOptions,
): Promise<OpenedElasticsearchIndex> {
  const client = new Client({
    node: options.url,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
  });
  const physicalIndex = versionedIndexName(options.alias, options.version);
  const checkpointIndex = `${options.alias}-checkpoints`;
  const checkpointId = `v${options.version}`;
  try {
    await ensureIndex(client, physicalIndex, perfumeIndexDefinition);
    await ensureIndex(client, checkpointIndex, checkpointIndexDefinition);
  } catch (error) {
    await client.close();
    throw error;
  }
  const index = new ElasticsearchSearchIndex({
    // The official client's overloads are wider than the subset the adapter calls.
    client: client as unknown as EsClient,
    index: options.alias,
    writeIndex: physicalIndex,
    regions: options.regions,
    notes: options.notes,
    refresh: options.refresh,
    buffered: options.replica ?? false,
    versioned: options.replica ?? false,
    ...(options.bulkLimits && { bulkLimits: options.bulkLimits }),
  });
  const aliases = client as unknown as AliasClient;
  return {
    index,
    client,
    alias: options.alias,
    version: options.version,
    physicalIndex,
    checkpointIndex,
    async readCheckpoint() {
      try {
        const res = await esCall('reading the checkpoint', () =>
          client.get<{ position: number }>({ index: checkpointIndex, id: checkpointId }),
        );
        return res.found ? (res._source?.position ?? 0) : 0;
      } catch (error) {
        if (statusOf(error) === 404) return 0;
        throw error;
      }
    },
    async writeCheckpoint(position) {
      try {
        await esCall('writing the checkpoint', () =>
          client.index({
            index: checkpointIndex,
            id: checkpointId,
            version: position,
            version_type: 'external',
            document: { position, updated_at: new Date().toISOString() },
          }),
        );
      } catch (error) {
        // A higher (or the same) position is recorded already.
        if (statusOf(error) !== 409) throw error;
      }
    },
    activate: () => activateVersion(aliases, options.alias, options.version),
    aliasExists: async () => (await aliasTargets(aliases, options.alias)).length > 0,
    refresh: async () => {
      await index.flush();
      await client.indices.refresh({ index: physicalIndex });
    },
    drop: async () => {
      await client.indices.delete({ index: physicalIndex, ignore_unavailable: true });
      await client.delete({ index: checkpointIndex, id: checkpointId }).catch(() => {});
    },
    close: () => client.close(),
  };
}
