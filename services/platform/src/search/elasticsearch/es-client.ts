import { Client } from '@elastic/elasticsearch';
import type { Chemical, NoteRecord, RegionRecord } from '../catalogue.types.ts';
import { ElasticsearchSearchIndex, type EsClient } from './elasticsearch-search-index.adapter.ts';
import {
  type AliasClient,
  type AliasSwap,
  activateVersion,
  aliasTargets,
  versionedIndexName,
  versionOfIndex,
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
  readCheckpoint(options?: CallOptions): Promise<number>;
  /** Records `position` unless a higher one is recorded (external version: it never goes back). */
  writeCheckpoint(position: number): Promise<void>;
  /** Holds one chemicals snapshot per projection version (`v<N>`: the table as of a log position). */
  chemicalsIndex: string;
  /** The chemicals table as the writer last saved it, with the log position it is as of (null when none). */
  readChemicals(): Promise<ChemicalsSnapshot | null>;
  /** Saves the chemicals table as of `position` unless a later one is saved (external version). */
  writeChemicals(position: number, chemicals: readonly Chemical[]): Promise<void>;
  /** Moves the alias to this version's index (`es-alias.ts`). */
  activate(): Promise<AliasSwap>;
  /** Whether the alias exists at all. */
  aliasExists(): Promise<boolean>;
  /** The indices the alias names now (none when it does not exist). */
  aliasTargets(options?: CallOptions): Promise<string[]>;
  /**
   * Deletes the indices of older projection versions of the alias (and their checkpoint and
   * chemicals documents), never one the alias names and never a newer version. Only while the alias
   * names this version; `claim` is asked first for each index and may refuse it (its writer is still
   * running): it returns a release to call once deleted, or null to keep the index. Returns what was
   * deleted.
   */
  retireOlderVersions(claim?: (index: string) => Promise<(() => Promise<void>) | null>): Promise<string[]>;
  /** Sends held writes and makes every write so far visible. */
  refresh(): Promise<void>;
  /** Deletes the versioned index and its checkpoint (tests). */
  drop(): Promise<void>;
  close(): Promise<void>;
}

/** Per-call limits of the client (health checks answer quickly instead of retrying for 30 s). */
export interface CallOptions {
  requestTimeout?: number;
  maxRetries?: number;
}

export interface ChemicalsSnapshot {
  position: number;
  chemicals: Chemical[];
}

const chemicalsIndexDefinition = {
  settings: { number_of_shards: 1 },
  mappings: {
    dynamic: 'strict',
    properties: {
      position: { type: 'long' },
      updated_at: { type: 'date' },
      // Kept whole in the source, never indexed: only read back by a process that starts.
      chemicals: { type: 'object', enabled: false },
    },
  },
} as const;

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
  const chemicalsIndex = `${options.alias}-chemicals`;
  const checkpointId = `v${options.version}`;
  try {
    await ensureIndex(client, physicalIndex, perfumeIndexDefinition);
    await ensureIndex(client, checkpointIndex, checkpointIndexDefinition);
    await ensureIndex(client, chemicalsIndex, chemicalsIndexDefinition);
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
  /** Deletes a document that may be missing. */
  const deleteDoc = async (index: string, id: string) => {
    try {
      await esCall('deleting a document', () => client.delete({ index, id }));
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
  };
  /** This version's document of `index` (checkpoint or chemicals), or null when there is none. */
  const readDoc = async <T>(what: string, index: string, callOptions?: CallOptions) => {
    try {
      const res = await esCall(what, () => client.get<T>({ index, id: checkpointId }, callOptions));
      return res.found ? (res._source ?? null) : null;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  };
  /**
   * Writes this version's document of `index` at external version `position`: a later (or the
   * same) position recorded already is kept.
   */
  const writeVersioned = async (what: string, index: string, position: number, document: object) => {
    try {
      await esCall(what, () =>
        client.index({
          index,
          id: checkpointId,
          version: position,
          version_type: 'external',
          document: { ...document, updated_at: new Date().toISOString() },
        }),
      );
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
    }
  };
  return {
    index,
    client,
    alias: options.alias,
    version: options.version,
    physicalIndex,
    checkpointIndex,
    async readCheckpoint(callOptions) {
      const doc = await readDoc<{ position: number }>('reading the checkpoint', checkpointIndex, callOptions);
      return doc?.position ?? 0;
    },
    writeCheckpoint: (position) =>
      writeVersioned('writing the checkpoint', checkpointIndex, position, { position }),
    chemicalsIndex,
    async readChemicals() {
      const doc = await readDoc<ChemicalsSnapshot>('reading the chemicals snapshot', chemicalsIndex);
      return doc ? { position: doc.position, chemicals: doc.chemicals ?? [] } : null;
    },
    writeChemicals: (position, chemicals) =>
      writeVersioned('writing the chemicals snapshot', chemicalsIndex, position, { position, chemicals }),
    activate: () => activateVersion(aliases, options.alias, options.version),
    aliasExists: async () => (await aliasTargets(aliases, options.alias)).length > 0,
    aliasTargets: (callOptions) => aliasTargets(aliases, options.alias, callOptions),
    async retireOlderVersions(claim) {
      const named = new Set(await aliasTargets(aliases, options.alias));
      if (!named.has(physicalIndex)) return [];
      const existing = await esCall('listing version indices', () =>
        client.indices.get({ index: `${options.alias}-v*` }),
      );
      const older = Object.keys(existing)
        .filter((name) => !named.has(name))
        .filter((name) => {
          const version = versionOfIndex(options.alias, name);
          return version !== null && version < options.version;
        })
        .sort();
      const deleted: string[] = [];
      for (const name of older) {
        const release = claim ? await claim(name) : async () => {};
        if (!release) continue;
        try {
          await esCall('deleting an old version index', () =>
            client.indices.delete({ index: name, ignore_unavailable: true }),
          );
          const id = `v${versionOfIndex(options.alias, name)}`;
          await deleteDoc(checkpointIndex, id);
          await deleteDoc(chemicalsIndex, id);
          deleted.push(name);
        } finally {
          await release();
        }
      }
      return deleted;
    },
    refresh: async () => {
      await index.flush();
      await client.indices.refresh({ index: physicalIndex });
    },
    drop: async () => {
      await client.indices.delete({ index: physicalIndex, ignore_unavailable: true });
      await client.delete({ index: checkpointIndex, id: checkpointId }).catch(() => {});
      await client.delete({ index: chemicalsIndex, id: checkpointId }).catch(() => {});
    },
    close: () => client.close(),
  };
}
