export * from './catalogue-files.ts';
export * from './catalogue-import.ts';
