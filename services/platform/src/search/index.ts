export * from './alternatives/index.ts';
export * as catalogueFixtures from './catalogue.fixtures.ts';
export type {
  CataloguePerfume,
  Chemical,
  ChemicalLinkSource,
  DataCategory,
  DeclaredChemicalLink,
  NoteRecord,
  PerfumeCard,
  PerfumeCardChemical,
  PerfumeDocument,
  PerfumeNotes,
  RegionRecord,
} from './catalogue.types.ts';
export { CatalogueOracle } from './catalogue-oracle.ts';
export {
  brandKeyOf,
  effectiveCategory,
  MAX_QUERY_TOKENS,
  type PreparedText,
  prepareText,
  resolveChemicalRefs,
  resolveNoteRefs,
} from './catalogue-query.ts';
export {
  type ChemicalReadModel,
  type ChemicalStatus,
  ChemicalTable,
  chemicalStatuses,
  hasStatus,
  type RegionalEntry,
  type RegionalStatusFilter,
  type RegionWithCount,
  regionalStatuses,
} from './chemical-table.ts';
export {
  ElasticsearchSearchIndex,
  type ElasticsearchSearchIndexOptions,
  type EsClient,
} from './elasticsearch/elasticsearch-search-index.adapter.ts';
export {
  type EsPerfumeDoc,
  MAX_RESULT_WINDOW,
  perfumeIndexDefinition,
  toEsDoc,
} from './elasticsearch/es-document.ts';
export {
  type EsQuery,
  type EsSearchBody,
  type ResolvedRefs,
  TEXT_BOOSTS,
  toEsSearchBody,
} from './elasticsearch/es-query.ts';
export { InProcessSearchIndex, type InProcessSearchIndexOptions } from './in-process-search-index.adapter.ts';
export {
  readSnapshotFile,
  type SnapshotFile,
  SnapshotFileError,
  type SnapshotFileHeader,
  SnapshotReader,
  SnapshotWriter,
  writeSnapshotFile,
} from './index-snapshot.ts';
export {
  classify,
  LIST_CARD_CHEMICALS,
  listCard,
  type PerfumeListCard,
  toPerfumeCard,
  visibleLinks,
} from './perfume-card.ts';
export { type CatalogueReferenceData, loadCatalogueReferenceData } from './reference-data.ts';
export {
  type BrandCount,
  type CatalogueCategory,
  type CatalogueListResult,
  type CatalogueQuery,
  type CatalogueResult,
  type CatalogueStats,
  type ChemicalUsage,
  catalogueCategories,
  type MaybePromise,
  type NoteCount,
  type SearchIndex,
  searchListPage,
} from './search-index.port.ts';
export { CAS_PATTERN, isCasNumber, normalizeCas, normalizeText, tokenize } from './text-normalize.ts';
