/**
 * What a scan result says in sentences (its warnings, allergen warnings and notes), also as message
 * keys with their values, so each screen words them in its own language. The English sentences of
 * the result's text fields are written from the same messages (`scanMessageText`).
 */

export const scanMessageKeys = [
  /** Text as printed on the label or given by the reading model, shown as it is (`text`). */
  'label_text',
  /** `name` is an EU label allergen. */
  'allergen_declared',
  /** `name` is prohibited in EU cosmetics (Annex II). */
  'prohibited_eu',
  /** `name` is restricted in EU cosmetics (Annex III); `limits`: the law's wording, when known. */
  'restricted_eu',
  'image_blurred',
  /** `width` × `height` pixels. */
  'image_small',
  'image_glare',
  'image_low_contrast',
  'no_barcode',
  'heading_without_list',
  'no_list',
  'unreliable_text',
  /** `confidence`: the OCR's mean confidence, 0–100. */
  'ocr_confidence',
  /** `header`: the heading the list was printed under. */
  'list_under_heading',
  'list_by_shape',
  'no_list_found',
  /** `matched` of `total` ingredients matched the chemical database. */
  'matched_count',
] as const;
export type ScanMessageKey = (typeof scanMessageKeys)[number];

export interface ScanMessage {
  key: ScanMessageKey;
  values?: Record<string, string | number>;
}

/** The result's sentences as messages, one list per text field of the result. */
export interface ScanMessages {
  allergen_warnings: ScanMessage[];
  warnings: ScanMessage[];
  notes: ScanMessage[];
}

const ENGLISH: Record<ScanMessageKey, (v: Record<string, string | number>) => string> = {
  label_text: (v) => `${v.text ?? ''}`,
  allergen_declared: (v) => `${v.name} is a fragrance allergen that must be declared on EU labels.`,
  prohibited_eu: (v) => `${v.name} is prohibited in cosmetics in the EU (Annex II).`,
  restricted_eu: (v) =>
    `${v.name} is restricted in cosmetics in the EU (Annex III)${v.limits ? `: ${v.limits}` : '.'}`,
  image_blurred: () => 'The image looks blurred; hold the camera still and focus on the label.',
  image_small: (v) => `The image is small (${v.width}×${v.height}); a closer or sharper photo reads better.`,
  image_glare: () => 'Glare covers part of the label; tilt the product away from the light.',
  image_low_contrast: () => 'The image has little contrast; try brighter, even light.',
  no_barcode: () => 'No barcode or QR code was found in the image.',
  heading_without_list: () => 'An ingredient heading was found but no ingredients could be read under it.',
  no_list: () => 'No ingredient list was found in the image.',
  unreliable_text: () =>
    'Much of the text could not be read reliably; check the ingredients against the label.',
  ocr_confidence: (v) => `Text read by on-device OCR (mean confidence ${v.confidence}%).`,
  list_under_heading: (v) => `Ingredient list found under "${v.header}".`,
  list_by_shape: () => 'No ingredient heading was printed or read; the list was found by its shape.',
  no_list_found: () => 'No ingredient list found.',
  matched_count: (v) => `${v.matched} of ${v.total} ingredients matched the chemical database.`,
};

/** A message as an English sentence (the result's text fields). */
export function scanMessageText(message: ScanMessage): string {
  return ENGLISH[message.key](message.values ?? {});
}

/** Messages without repeats (the same sentence once), in order. */
export function distinctMessages(messages: readonly ScanMessage[]): ScanMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    const text = scanMessageText(m);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
