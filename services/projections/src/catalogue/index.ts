export {
  CATALOGUE_EVENT_TYPES,
  CATALOGUE_PROJECTION,
  type CatalogueProjection,
  createCatalogueProjection,
} from './catalogue.projection.ts';
export { type CatalogueReadSide, openCatalogueReadSide } from './catalogue-read-side.ts';
