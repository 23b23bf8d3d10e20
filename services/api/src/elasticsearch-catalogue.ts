/**
 * The catalogue read model in Elasticsearch (`ELASTICSEARCH_URL` set): the composition root's only
 * Elasticsearch part. Every API process opens the index of its catalogue projection version
 * (`<alias>-v<version>`), and runs the catalogue projection through an `EsCatalogueReplica`: the
 * process holding the version's writer lease (a Postgres advisory lock) writes the index with
 * `_bulk` requests versioned by log position, moves the read alias once the index has caught up
 * and then deletes older versions' indices whose writer lease is free; the others keep only their
 * chemicals table and wait for the shared checkpoint. A process starts from the saved chemicals
 * table and the checkpoint, not from the start of the log.
 */
import { chemicals } from '@scentinel/domain';
import type { EventLog, SqlClient } from '@scentinel/platform';
import type { CatalogueReferenceData } from '@scentinel/platform/search';
import {
  advisoryWriterLease,
  type ElasticsearchSearchIndex,
  EsCatalogueReplica,
  openElasticsearchSearchIndex,
} from '@scentinel/platform/search/elasticsearch';
import {
  CATALOGUE_PROJECTION,
  CATALOGUE_PROJECTION_VERSION,
  type CatalogueProjection,
  createCatalogueProjection,
} from '@scentinel/projections';
import type { FastifyBaseLogger } from 'fastify';

/** What `/api/health` shows of the Elasticsearch read model in this process. */
export interface ElasticsearchHealth {
  /** Whether this process holds the writer lease of its projection version. */
  writer: boolean;
  /** The versioned index this process's projection version writes. */
  index: string;
  alias: string;
  /** Whether Elasticsearch answered the health check. */
  reachable: boolean;
  /** The indices the alias names now (empty when unreachable). */
  aliasTargets: string[];
  /** The log position the version's index holds every event up to (null when unreachable). */
  position: number | null;
  /** Events in the log the index does not hold yet (null when unreachable). */
  lag: number | null;
  /** Why Elasticsearch did not answer. */
  error?: string;
}

/** A health check waits this long for Elasticsearch and does not retry. */
const HEALTH_CALL = { requestTimeout: 2_000, maxRetries: 0 } as const;

export interface ElasticsearchCatalogue {
  index: ElasticsearchSearchIndex;
  /** The catalogue projection to register with the runtime (and to feed the first import). */
  projection: CatalogueProjection;
  replica: EsCatalogueReplica;
  /** Makes a batch waiting for the writer give up, so the projection runtime can stop (before `close`). */
  interrupt(): void;
  /** The writer lease, the index and alias, and the index's lag behind `logHead`; never throws. */
  health(logHead: number): Promise<ElasticsearchHealth>;
  close(): Promise<void>;
}

export interface ElasticsearchCatalogueOptions {
  url: string;
  alias: string;
  sql: SqlClient;
  eventLog: EventLog;
  reference: CatalogueReferenceData;
  log: FastifyBaseLogger;
  /** Projection version (default: the catalogue projection's code version). */
  version?: number;
  pollMs?: number;
  leaseRetryMs?: number;
}

export async function openElasticsearchCatalogue(
  options: ElasticsearchCatalogueOptions,
): Promise<ElasticsearchCatalogue> {
  const version = options.version ?? CATALOGUE_PROJECTION_VERSION;
  const opened = await openElasticsearchSearchIndex({
    url: options.url,
    alias: options.alias,
    version,
    regions: options.reference.regions,
    notes: options.reference.notes,
    replica: true,
  });
  const leaseName = (index: string) => `elasticsearch:${index}`;
  const lease = advisoryWriterLease(options.sql, leaseName(opened.physicalIndex), {
    onLost: (err) => options.log.warn({ err }, 'catalogue writer lease lost'),
  });
  // An older version's index is deleted only while its writer lease is free: a process of the
  // older code still writing it keeps it (the next activation tries again).
  const claimOlder = async (index: string) => {
    const older = advisoryWriterLease(options.sql, leaseName(index));
    if (options.sql.dialect !== 'pglite' && !(await older.tryAcquire())) {
      options.log.info({ index }, 'older catalogue index kept: its writer is running');
      return null;
    }
    return () => older.release();
  };
  const replica = new EsCatalogueReplica({
    opened,
    lease,
    localTypes: new Set(chemicals.chemicalEventTypes),
    headPosition: () => options.eventLog.headPosition(),
    ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
    ...(options.leaseRetryMs !== undefined && { leaseRetryMs: options.leaseRetryMs }),
    retireOlderVersions: () => opened.retireOlderVersions(claimOlder),
    log: options.log,
  });
  let resumeAt: number;
  try {
    await replica.start();
    // The chemicals table comes from the writer's snapshot: the projection continues after the
    // checkpoint instead of reading the log from its start.
    resumeAt = await replica.resume();
  } catch (error) {
    await replica.close().catch(() => {});
    await opened.close();
    throw error;
  }
  const inner = createCatalogueProjection(opened.index, resumeAt);
  let position = resumeAt;
  const applyAll = async (events: Parameters<CatalogueProjection['applyAll']>[0]) => {
    await replica.deliver(events, (batch) => inner.applyAll(batch));
    const last = events.at(-1)?.position ?? 0;
    if (last > position) position = last;
  };
  const projection: CatalogueProjection = {
    name: CATALOGUE_PROJECTION,
    version,
    kind: 'in-process',
    description: 'Catalogue search index in Elasticsearch (one writer per version) and chemicals read model',
    handles: inner.handles,
    apply: applyAll,
    applyAll,
    load: () => resumeAt,
    get position() {
      return position;
    },
  };
  options.log.info(
    { index: opened.physicalIndex, alias: opened.alias, role: replica.role, resumeAt },
    'catalogue read model in Elasticsearch',
  );
  return {
    index: opened.index,
    projection,
    replica,
    interrupt: () => replica.interrupt(),
    async health(logHead) {
      const base = { writer: replica.role === 'writer', index: opened.physicalIndex, alias: opened.alias };
      try {
        const [indexed, targets] = await Promise.all([
          opened.readCheckpoint(HEALTH_CALL),
          opened.aliasTargets(HEALTH_CALL),
        ]);
        return {
          ...base,
          reachable: true,
          aliasTargets: targets,
          position: indexed,
          lag: Math.max(0, logHead - indexed),
        };
      } catch (error) {
        return {
          ...base,
          reachable: false,
          aliasTargets: [],
          position: null,
          lag: null,
          error: error instanceof Error ? error.message : String(error),
        };
      }
    },
    async close() {
      await replica.close();
      await opened.close();
    },
  };
}
