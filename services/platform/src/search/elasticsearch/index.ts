/**
 * The Elasticsearch catalogue read model (`@scentinel/platform/search/elasticsearch`): imported
 * only when `ELASTICSEARCH_URL` is set, so the default server never loads the client.
 */
export { ElasticsearchSearchIndex, type EsClient } from './elasticsearch-search-index.adapter.ts';
export { type AliasSwap, activateVersion, versionedIndexName } from './es-alias.ts';
export { type BulkLimits, type BulkOutcome, DEFAULT_BULK_LIMITS, sendBulk } from './es-bulk.ts';
export {
  type ApplyEvents,
  EsCatalogueReplica,
  type EsCatalogueReplicaOptions,
  type ReplicaIndex,
} from './es-catalogue-replica.ts';
export { type OpenedElasticsearchIndex, openElasticsearchSearchIndex } from './es-client.ts';
export { ElasticsearchBulkError, ElasticsearchUnavailableError } from './es-errors.ts';
export { advisoryWriterLease, type WriterLease } from './es-writer-lease.ts';
