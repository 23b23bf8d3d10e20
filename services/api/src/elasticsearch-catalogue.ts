/**
 * The catalogue read model in Elasticsearch (`ELASTICSEARCH_URL` set): the composition root's only
 * Elasticsearch part. Every API process opens the index of its catalogue projection version
 * (`<alias>-v<version>`), and runs the catalogue projection through an `EsCatalogueReplica`: the
 * process holding the version's writer lease (a Postgres advisory lock) writes the index with
 * `_bulk` requests versioned by log position and moves the read alias once the index has caught
 * up; the others keep only their chemicals table and wait for the shared checkpoint.
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

export interface ElasticsearchCatalogue {
  index: ElasticsearchSearchIndex;
  /** The catalogue projection to register with the runtime (and to feed the first import). */
  projection: CatalogueProjection;
  replica: EsCatalogueReplica;
  /** Makes a batch waiting for the writer give up, so the projection runtime can stop (before `close`). */
  interrupt(): void;
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
  const lease = advisoryWriterLease(options.sql, `elasticsearch:${opened.physicalIndex}`, {
    onLost: (err) => options.log.warn({ err }, 'catalogue writer lease lost'),
  });
  const replica = new EsCatalogueReplica({
    opened,
    lease,
    localTypes: new Set(chemicals.chemicalEventTypes),
    headPosition: () => options.eventLog.headPosition(),
    ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
    ...(options.leaseRetryMs !== undefined && { leaseRetryMs: options.leaseRetryMs }),
    log: options.log,
  });
  try {
    await replica.start();
  } catch (error) {
    await replica.close().catch(() => {});
    await opened.close();
    throw error;
  }
  // Every process starts from the beginning of the log: the chemicals table is in memory, and the
  // replica skips writing what the index already holds.
  const inner = createCatalogueProjection(opened.index);
  let position = 0;
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
    load: () => 0,
    get position() {
      return position;
    },
  };
  options.log.info(
    { index: opened.physicalIndex, alias: opened.alias, role: replica.role },
    'catalogue read model in Elasticsearch',
  );
  return {
    index: opened.index,
    projection,
    replica,
    interrupt: () => replica.interrupt(),
    async close() {
      await replica.close();
      await opened.close();
    },
  };
}
