export * from './perfumes.decide.ts';
export * from './perfumes.events.ts';
