export * from './image-type.ts';
export * from './scans.decide.ts';
export * from './scans.events.ts';
