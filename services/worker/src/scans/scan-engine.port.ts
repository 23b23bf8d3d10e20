import type { AnalysisType, ScanResult } from '@scentinel/domain';

/** Where a scan is, for progress bars and SSE (`percent` 0–100). */
export type ScanStage = 'queued' | 'decoding' | 'reading_text' | 'reading_codes' | 'matching' | 'done';

export interface ScanProgress {
  stage: ScanStage;
  percent: number;
}

export interface ScanEngineInput {
  image: Buffer;
  analysisType: AnalysisType;
  onProgress?: (progress: ScanProgress) => void | Promise<void>;
}

/** Reads a label image into a scan result. Throws `BadImageError` for unusable images. */
export interface ScanEngine {
  /** Recorded on `ScanCompleted.engine`, e.g. `tesseract` or `openai:gpt-4o-mini`. */
  readonly name: string;
  analyze(input: ScanEngineInput): Promise<ScanResult>;
  close(): Promise<void>;
}

/** The logging the scanner does (pino and Fastify loggers both fit). */
export interface ScanLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}
