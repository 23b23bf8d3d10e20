export {
  CONTRIBUTION_EVENT_TYPES,
  CONTRIBUTIONS_PROJECTION,
  contributionsProjection,
} from './contributions.projection.ts';
export {
  type ContributionListFilter,
  type ContributionRecord,
  ContributionsReadModel,
} from './contributions.read-model.ts';
