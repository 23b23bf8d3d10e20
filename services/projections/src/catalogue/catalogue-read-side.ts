/**
 * The catalogue read side of one process, for the composition root: the in-process search index
 * (with the region definitions and notes taxonomy of the data build) and the projection that feeds
 * it. Register `projection` with the projector runtime and hand `index` to the API as
 * `deps.catalogue`.
 */
import { InProcessSearchIndex, loadCatalogueReferenceData } from '@scentinel/platform/search';
import { type CatalogueProjection, createCatalogueProjection } from './catalogue.projection.ts';

export interface CatalogueReadSide {
  index: InProcessSearchIndex;
  projection: CatalogueProjection;
}

/** `dataDir` is the shipped data folder (the repo's `data/`), not the runtime `DATA_DIR`. */
export async function openCatalogueReadSide(options: { dataDir: string }): Promise<CatalogueReadSide> {
  const reference = await loadCatalogueReferenceData(options.dataDir);
  const index = new InProcessSearchIndex(reference);
  return { index, projection: createCatalogueProjection(index) };
}
