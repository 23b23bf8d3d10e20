export * from './usage.decide.ts';
export * from './usage.events.ts';
