import type { AnalysisType, ScanResult } from '@scentinel/domain';
import type { ScanProgress } from '@scentinel/platform/scan-queue';

/** Where a scan is (declared with the queue port, which reports it). */
export type { ScanProgress, ScanStage } from '@scentinel/platform/scan-queue';

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
