export * from './contributions.approval.ts';
export * from './contributions.decide.ts';
export * from './contributions.events.ts';
