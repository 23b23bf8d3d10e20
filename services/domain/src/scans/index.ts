export * from './image-type.ts';
export * from './scan-messages.ts';
export * from './scans.decide.ts';
export * from './scans.events.ts';
