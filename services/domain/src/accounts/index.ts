export * from './accounts.decide.ts';
export * from './accounts.events.ts';
