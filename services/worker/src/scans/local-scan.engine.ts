import type { ScanResult } from '@scentinel/domain';
import sharp from 'sharp';
import { readImageBarcodes } from './barcode-reader.ts';
import { estimateSkewDegrees } from './deskew.ts';
import { type DecodedImage, decodeImage } from './image-input.ts';
import { analyzeLabel, type LabelAnalysisDeps } from './label-analysis.ts';
import type { OcrPool } from './ocr-pool.ts';
import type { ScanEngine, ScanEngineInput } from './scan-engine.port.ts';

/** OCR works best with capital letters about 30 px tall: small images are enlarged, huge ones reduced. */
const MIN_OCR_WIDTH = 1400;
const TARGET_OCR_WIDTH = 1800;
const MAX_OCR_WIDTH = 2400;
/** Estimated noise σ above which a median filter helps more than it blurs. */
const NOISY = 6;

/**
 * Pre-processing for Tesseract: greyscale (done at decode), enlarge small images, denoise grainy
 * ones, then stretch contrast locally (CLAHE) so glare and uneven light do not wash text out.
 */
export async function prepareForOcr(decoded: DecodedImage): Promise<Buffer> {
  const { width, stats } = decoded;
  const dark = stats.brightness < 110;
  const skew = await estimateSkewDegrees(decoded.image, width, dark);
  let image = decoded.image.clone();
  if (skew !== 0) {
    // Rotate on its own pipeline so the resize below measures the rotated size.
    const rotated = await image
      .rotate(skew, { background: dark ? '#000000' : '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = rotated.info;
    image = sharp(rotated.data, { raw: { width: w, height: h, channels } });
  }
  if (width < MIN_OCR_WIDTH) {
    image = image.resize({ width: Math.min(TARGET_OCR_WIDTH, width * 3), kernel: 'lanczos3' });
  } else if (width > MAX_OCR_WIDTH) {
    image = image.resize({ width: MAX_OCR_WIDTH });
  }
  // Light text on a dark carton: Tesseract reads dark on light.
  if (dark) image = image.negate();
  if (stats.noise > NOISY) image = image.median(3);
  image = image.normalise({ lower: 1, upper: 99 });
  return image.png({ compressionLevel: 1 }).toBuffer();
}

/** The default engine: sharp + Tesseract (offline) + ZXing, then the label parser and matcher. */
export class LocalScanEngine implements ScanEngine {
  readonly name = 'tesseract';

  constructor(
    private readonly ocr: OcrPool,
    private readonly analysis: LabelAnalysisDeps,
  ) {}

  async analyze({ image, analysisType, onProgress }: ScanEngineInput): Promise<ScanResult> {
    await onProgress?.({ stage: 'decoding', percent: 5 });
    const decoded = await decodeImage(image);
    const wantsText = analysisType !== 'barcode';
    const wantsCodes = analysisType !== 'ingredients';

    await onProgress?.({ stage: wantsText ? 'reading_text' : 'reading_codes', percent: 15 });
    const [ocr, barcodes] = await Promise.all([
      wantsText ? prepareForOcr(decoded).then((png) => this.ocr.recognize(png)) : Promise.resolve(null),
      wantsCodes ? readImageBarcodes(decoded.image) : Promise.resolve([]),
    ]);

    await onProgress?.({ stage: 'matching', percent: 85 });
    return analyzeLabel({ analysisType, ocr, barcodes, image: decoded.stats }, this.analysis);
  }

  async close(): Promise<void> {
    await this.ocr.terminate();
  }
}
