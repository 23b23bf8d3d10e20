import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client.ts';
import { sessionToken } from '../../../lib/session.ts';
import type { AnalysisType } from '../scan-file.ts';

/** The scan request and result. */
export type ScanIngredient = {
  name: string;
  is_allergen: boolean;
  concentration?: string | null;
  chemical_id?: string | null;
  /** A known name as printed, a corrected misreading, or not recognised (to check on the label). */
  reading?: 'printed' | 'corrected' | 'unrecognised';
  /** What the OCR read, when the name was corrected. */
  read_as?: string | null;
  /** The printed blend the ingredient was listed in. */
  blend?: string | null;
};

export type ScanResult = {
  product_identification: {
    brand: string | null;
    product_name: string | null;
    product_type: string | null;
    size_ml: number | null;
  };
  ingredients: ScanIngredient[];
  codes_and_regulatory: {
    barcodes: { number: string; format?: string | null }[];
    allergen_warnings: string[];
  };
  analysis_quality: { confidence: number; text_clarity: string | null; image_quality: string | null };
  notes: string | null;
  warnings: string[];
  /** The same sentences as message keys and values, worded by the screen in its language. */
  messages?: {
    allergen_warnings: ScanMessage[];
    warnings: ScanMessage[];
    notes: ScanMessage[];
  };
};

/** One sentence of a result: `label_text` is shown as printed; other keys are worded per language. */
export type ScanMessage = { key: string; values?: Record<string, string | number> };

export type ScanResponse = {
  success: boolean;
  error: string | null;
  result: ScanResult | null;
  analysis_type?: string;
  scan_id?: string;
};

/** Why a scan did not give a result, in the words the dialog shows (the dialog translates `kind`). */
export class ScanFailure extends Error {
  constructor(
    readonly kind: 'http' | 'unsuccessful' | 'exception',
    message: string,
    readonly status = 0,
    readonly statusText = '',
    /** The server's own explanation, when it gave one. */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'ScanFailure';
  }
}

async function problemDetail(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
}

export type ScanInput = { file: Blob; filename: string; analysisType: AnalysisType; signal?: AbortSignal };

/** POST {api}/camera/scan/product (multipart: file, analysis_type); resolves only with a successful scan. */
export async function scanProduct({
  file,
  filename,
  analysisType,
  signal,
}: ScanInput): Promise<ScanResponse> {
  const form = new FormData();
  form.append('file', file, filename);
  form.append('analysis_type', analysisType);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = sessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/camera/scan/product`, {
      method: 'POST',
      body: form,
      headers,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ScanFailure('exception', (error as Error).message);
  }
  if (!response.ok) {
    const detail = await problemDetail(response);
    throw new ScanFailure(
      'http',
      `Analysis failed: ${response.status} ${response.statusText}`,
      response.status,
      response.statusText,
      detail,
    );
  }
  let body: ScanResponse;
  try {
    body = (await response.json()) as ScanResponse;
  } catch (error) {
    throw new ScanFailure('exception', (error as Error).message);
  }
  if (!body.success || !body.result)
    throw new ScanFailure('unsuccessful', body.error || 'Analysis failed', 0, '', body.error);
  return body;
}

export function useScanProduct() {
  return useMutation({ mutationFn: scanProduct });
}
