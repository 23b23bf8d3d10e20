export * from './chemicals.decide.ts';
export * from './chemicals.events.ts';
export * from './chemicals.identity.ts';
