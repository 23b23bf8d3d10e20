/** What the scanner accepts, and how it shows numbers. Pure, so it is unit-tested. */

export const SCAN_MAX_BYTES = 10_485_760;
export const SCAN_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CAPTURE_JPEG_QUALITY = 0.9;
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
  audio: false,
};

export const ANALYSIS_TYPES = ['comprehensive', 'ingredients', 'product_info', 'barcode'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export type ScanFileProblem = 'invalidType' | 'tooLarge';

/** The client-side check before upload (the server checks the content again). */
export function checkScanFile(file: { type: string; size: number }): ScanFileProblem | null {
  if (!(SCAN_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalidType';
  if (file.size > SCAN_MAX_BYTES) return 'tooLarge';
  return null;
}

/** A confidence fraction as a percentage with one decimal: 0.8754 → "87.5%". */
export function formatConfidence(fraction: number, locale?: string): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(clamped);
}
