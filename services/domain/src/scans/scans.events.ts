/**
 * Scans: events, state and evolve. Stream: `scan:<scan id>`. The API records the request (after
 * checking the upload by its magic bytes), the worker records the outcome. A retryable failure
 * leaves the scan open for another attempt; a completion or a final failure closes it.
 */

import type { DomainEventOf } from '../shared/event.ts';
import type { ScanMessages } from './scan-messages.ts';

export const analysisTypes = ['comprehensive', 'ingredients', 'product_info', 'barcode'] as const;
export type AnalysisType = (typeof analysisTypes)[number];

/** JPEG, PNG or WebP, at most 10 MB. */
export const scanImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ScanImageType = (typeof scanImageTypes)[number];
export const MAX_SCAN_BYTES = 10_485_760;

export interface ScanIngredient {
  name: string;
  is_allergen: boolean;
  /** As printed or estimated (e.g. "0.5%"), when known. */
  concentration: string | null;
  /** The catalogue chemical the worker matched, when it found one. */
  chemical_id: string | null;
  /**
   * How sure the reading is: `printed` (a known name, read as printed), `corrected` (a misreading
   * corrected to a known name), `unrecognised` (kept as read; worth checking against the label).
   */
  reading?: IngredientReading;
  /** What the OCR read, when the name was corrected. */
  read_as?: string | null;
  /** The printed blend the ingredient was listed in (`Glycerin / Sorbitol`), when it was one. */
  blend?: string | null;
}

export const ingredientReadings = ['printed', 'corrected', 'unrecognised'] as const;
export type IngredientReading = (typeof ingredientReadings)[number];

/** The scan request and result. */
export interface ScanResult {
  product_identification: {
    brand: string | null;
    product_name: string | null;
    product_type: string | null;
    size_ml: number | null;
  };
  ingredients: ScanIngredient[];
  codes_and_regulatory: {
    barcodes: { number: string; format: string | null }[];
    allergen_warnings: string[];
  };
  analysis_quality: {
    /** 0–1 (shown as a percentage with one decimal). */
    confidence: number;
    text_clarity: string | null;
    image_quality: string | null;
  };
  notes: string | null;
  warnings: string[];
  /** The same sentences as message keys and values, for screens in other languages. */
  messages?: ScanMessages;
}

export type ScanRequested = DomainEventOf<
  'ScanRequested',
  {
    scan_id: string;
    analysis_type: AnalysisType;
    /** Detected from the file's content, not its declared type. */
    mime_type: ScanImageType;
    size_bytes: number;
    image_sha256: string | null;
    /** Where the worker finds the image (storage key), when stored outside the job. */
    image_ref: string | null;
    /** Account id of a signed-in requester, else null. */
    requested_by: string | null;
    /** Client session (usage tracking), when sent. */
    session_id: string | null;
  }
>;

export type ScanCompleted = DomainEventOf<
  'ScanCompleted',
  {
    scan_id: string;
    analysis_type: AnalysisType;
    duration_ms: number;
    ingredient_count: number;
    allergen_count: number;
    /** e.g. `tesseract`, `openai:gpt-4o-mini`. */
    engine: string;
    result: ScanResult;
  }
>;

export type ScanFailed = DomainEventOf<
  'ScanFailed',
  { scan_id: string; reason: string; retryable: boolean; attempt: number; duration_ms: number | null }
>;

export type ScanEvent = ScanRequested | ScanCompleted | ScanFailed;

export const scanEventTypes = [
  'ScanRequested',
  'ScanCompleted',
  'ScanFailed',
] as const satisfies readonly ScanEvent['type'][];

export type ScanStatus = 'requested' | 'retrying' | 'completed' | 'failed';

export type ScanState =
  | { status: 'absent' }
  | {
      status: ScanStatus;
      request: ScanRequested['data'];
      /** Failed attempts so far. */
      failures: number;
      result: ScanResult | null;
      failure: { reason: string; retryable: boolean } | null;
    };

export const initialState: ScanState = { status: 'absent' };

export function evolve(state: ScanState, event: ScanEvent): ScanState {
  switch (event.type) {
    case 'ScanRequested':
      return { status: 'requested', request: event.data, failures: 0, result: null, failure: null };
    case 'ScanCompleted':
      if (state.status === 'absent') return state;
      return { ...state, status: 'completed', result: event.data.result };
    case 'ScanFailed':
      if (state.status === 'absent') return state;
      return {
        ...state,
        status: event.data.retryable ? 'retrying' : 'failed',
        failures: state.failures + 1,
        failure: { reason: event.data.reason, retryable: event.data.retryable },
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
