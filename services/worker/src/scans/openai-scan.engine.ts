import type { ScanMessage, ScanResult } from '@scentinel/domain';
import OpenAI from 'openai';
import sharp from 'sharp';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { BadImageError, sniffImageType } from './image-input.ts';
import type { ParsedIngredient } from './ingredient-list.parser.ts';
import {
  allergenWarnings,
  type LabelAnalysisDeps,
  matchIngredients,
  regulatoryWarnings,
  roundFraction,
  withMessages,
} from './label-analysis.ts';
import type { ScanEngine, ScanEngineInput } from './scan-engine.port.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * What the vision model is asked to return (Structured Outputs, strict): everything it can read
 * off the label. Our chemical database then decides what is an allergen, prohibited or restricted.
 */
export const VisionLabelSchema = Type.Object(
  {
    product_identification: Type.Object(
      {
        brand: Nullable(Type.String()),
        product_name: Nullable(Type.String()),
        product_type: Nullable(Type.String()),
        size_ml: Nullable(Type.Number()),
      },
      { additionalProperties: false },
    ),
    ingredients: Type.Array(
      Type.Object(
        { name: Type.String(), concentration: Nullable(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    barcodes: Type.Array(
      Type.Object(
        { number: Type.String(), format: Nullable(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    printed_warnings: Type.Array(Type.String()),
    text_clarity: Type.Enum(['clear', 'partially_readable', 'unreadable']),
    image_quality: Type.Enum(['good', 'fair', 'poor']),
    confidence: Type.Number(),
    notes: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type VisionLabel = Static<typeof VisionLabelSchema>;

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

const SYSTEM_PROMPT = [
  'You read photos of fragrance, cosmetic and personal-care product labels.',
  'Transcribe; never guess. Ingredients: every item of the printed ingredient (INCI) list, in printed order,',
  'exactly as spelt, one item per ingredient (keep "AQUA (WATER)" and "PARFUM (FRAGRANCE)" as one item each;',
  'list the members of "may contain" / "[+/-]" groups as items of their own).',
  'size_ml: the printed volume in millilitres (convert fl oz with 29.5735 when only ounces are printed).',
  'Barcodes: the digits printed under any EAN/UPC barcode. printed_warnings: warning sentences on the label.',
  'Use null or [] for anything the image does not show. confidence: 0 to 1, how sure you are of the transcription.',
].join(' ');

/** The model's answer could not be used (refusal, truncated or off-schema): worth a retry. */
export class VisionAnswerError extends Error {
  override readonly name = 'VisionAnswerError';
}

/** Parses and checks a Chat Completions message content against `VisionLabelSchema`. */
export function parseVisionAnswer(content: string | null | undefined, refusal?: string | null): VisionLabel {
  if (refusal) throw new VisionAnswerError(`The vision model refused: ${refusal}`);
  if (!content) throw new VisionAnswerError('The vision model returned no content');
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new VisionAnswerError('The vision model returned text that is not JSON');
  }
  if (!Value.Check(VisionLabelSchema, parsed)) {
    const first = [...Value.Errors(VisionLabelSchema, parsed)][0];
    throw new VisionAnswerError(
      `The vision model's answer does not match the schema${first ? ` (${first.instancePath || '/'}: ${first.message})` : ''}`,
    );
  }
  return parsed;
}

/** The vision model's reading, matched against our chemical database like OCR output. */
export function resultFromVision(
  label: VisionLabel,
  analysisType: ScanEngineInput['analysisType'],
  deps: LabelAnalysisDeps,
): ScanResult {
  const wantsIngredients = analysisType === 'comprehensive' || analysisType === 'ingredients';
  const wantsProduct = analysisType === 'comprehensive' || analysisType === 'product_info';
  const items: ParsedIngredient[] = label.ingredients.map((i) => ({
    text: i.name,
    concentration: i.concentration,
    endedBy: ',',
    mayContain: false,
  }));
  // The model spells names out; only near-exact fuzzy matches are typos rather than other substances.
  const matches = wantsIngredients ? matchIngredients(items, deps.matcher, { minScore: 0.92 }) : [];
  const matchRate = matches.length
    ? matches.reduce((sum, m) => sum + (m.match?.score ?? 0), 0) / matches.length
    : 0;
  const modelConfidence = Math.min(1, Math.max(0, label.confidence));
  const confidence = wantsIngredients
    ? matches.length > 0
      ? 0.6 * modelConfidence + 0.4 * matchRate
      : Math.min(modelConfidence, 0.2)
    : modelConfidence;
  const warnings: ScanMessage[] = [];
  if (wantsIngredients && matches.length === 0) warnings.push({ key: 'no_list' });
  warnings.push(...regulatoryWarnings(matches));
  const matched = matches.filter((m) => m.match !== null).length;
  const size = label.product_identification.size_ml;
  return withMessages(
    {
      product_identification: wantsProduct
        ? {
            ...label.product_identification,
            size_ml: size === null || size < 0 ? null : Math.round(size * 10) / 10,
          }
        : { brand: null, product_name: null, product_type: null, size_ml: null },
      ingredients: matches.map((m) => m.ingredient),
      codes_and_regulatory: { barcodes: analysisType === 'ingredients' ? [] : label.barcodes },
      analysis_quality: {
        confidence: roundFraction(confidence),
        text_clarity: label.text_clarity,
        image_quality: label.image_quality,
      },
    },
    {
      allergen_warnings: wantsIngredients ? allergenWarnings(matches, label.printed_warnings) : [],
      warnings,
      // The model's own note is its text, in the language it wrote it.
      notes: [
        ...(label.notes ? [{ key: 'label_text', values: { text: label.notes } } as const] : []),
        ...(matches.length > 0
          ? [{ key: 'matched_count', values: { matched, total: matches.length } } as const]
          : []),
      ],
    },
  );
}

export interface OpenAiScanEngineOptions {
  apiKey: string;
  model?: string;
  /** For tests and proxies (e.g. a local replay server). */
  baseURL?: string;
  timeoutMs?: number;
}

/** The optional engine (`OPENAI_API_KEY` set): a vision model with Structured Outputs. */
export class OpenAiScanEngine implements ScanEngine {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly model: string;

  constructor(
    options: OpenAiScanEngineOptions,
    private readonly analysis: LabelAnalysisDeps,
  ) {
    this.model = options.model ?? DEFAULT_OPENAI_MODEL;
    this.name = `openai:${this.model}`;
    // Retries are the queue's job (with backoff, recorded as events), not the client's.
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs ?? 45_000,
      maxRetries: 0,
    });
  }

  async analyze({ image, analysisType, onProgress }: ScanEngineInput): Promise<ScanResult> {
    await onProgress?.({ stage: 'decoding', percent: 5 });
    if (sniffImageType(image) === null)
      throw new BadImageError('Please select a valid image file (JPEG, PNG, or WebP).');
    let jpeg: Buffer;
    try {
      jpeg = await sharp(image, { failOn: 'truncated' })
        .rotate()
        .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch (error) {
      throw new BadImageError(
        `The image could not be read: it looks corrupt or truncated (${error instanceof Error ? error.message.split('\n')[0] : error}).`,
      );
    }
    await onProgress?.({ stage: 'reading_text', percent: 20 });
    const completion = await this.client.chat.completions.create({
      model: this.model,
      temperature: 0,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: [
            { type: 'text', text: `Analysis type: ${analysisType}. Read this product label.` },
            {
              type: 'image_url',
              image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, detail: 'high' },
            },
          ],
        },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'product_label',
          strict: true,
          schema: VisionLabelSchema as unknown as Record<string, unknown>,
        },
      },
    });
    const choice = completion.choices[0];
    if (choice?.finish_reason === 'length')
      throw new VisionAnswerError('The vision model ran out of output tokens');
    const label = parseVisionAnswer(choice?.message.content, choice?.message.refusal);
    await onProgress?.({ stage: 'matching', percent: 85 });
    return resultFromVision(label, analysisType, this.analysis);
  }

  async close(): Promise<void> {}
}
