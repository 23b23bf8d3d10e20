import type { ScanResult } from '@scentinel/domain';
import sharp, { type Sharp } from 'sharp';
import { readImageBarcodes } from './barcode-reader.ts';
import { matchKey } from './chemical-matcher.ts';
import { deblurFocus, deblurMotion } from './deblur.ts';
import { measurePage, type PageGeometry } from './deskew.ts';
import { flattenCylinder } from './dewarp.ts';
import { type DecodedImage, decodeImage } from './image-input.ts';
import { analyzeLabel, type LabelAnalysisDeps, type OcrEvidence } from './label-analysis.ts';
import type { OcrPool, OcrReading } from './ocr-pool.ts';
import { median, type OcrWord } from './reading-order.ts';
import type { ScanEngine, ScanEngineInput } from './scan-engine.port.ts';
import { type Box, textBlocks } from './text-blocks.ts';

/**
 * Pixels of an image being prepared or read, row by row (grey, or RGB where an operation works in
 * colour): kept raw between steps, never compressed, and handed to Tesseract as a PNM (a header
 * and the same bytes), which it reads without inflating anything.
 */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/** `pixels` as a binary PGM (grey) or PPM (RGB): what the OCR pool is handed. */
export function pnm({ data, width, height, channels }: Pixels): Buffer {
  return Buffer.concat([Buffer.from(`${channels === 1 ? 'P5' : 'P6'}\n${width} ${height}\n255\n`), data]);
}

/** A grey image as RGB (the level in each channel). */
function asRgb(page: Pixels): Pixels {
  if (page.channels === 3) return page;
  const data = Buffer.allocUnsafe(page.data.length * 3);
  for (let i = 0; i < page.data.length; i += 1) {
    const v = page.data[i]!;
    data[3 * i] = v;
    data[3 * i + 1] = v;
    data[3 * i + 2] = v;
  }
  return { ...page, data, channels: 3 };
}

/** A sharp pipeline starting from `pixels`. */
function sharpOf({ data, width, height, channels }: Pixels): Sharp {
  return sharp(data, { raw: { width, height, channels } });
}

/** The raw pixels a sharp pipeline ends with. */
async function pixelsOf(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 && info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Pixels in the stand-in whose grey levels `stretched` hands to sharp's contrast stretch. */
const STRETCH_SAMPLE = 1 << 16;

/**
 * Grey pixels stretched to full contrast as sharp's `normalise({ lower: 1, upper: 99 })` does (the
 * 1st and 99th percentiles of lightness to black and white), as grey. The stretch is a function
 * of the grey level once its percentiles are known, and those depend on the histogram alone: sharp
 * stretches a small stand-in with the same histogram (each level in proportion, by largest
 * remainders), and its result for each level is looked up over the image, instead of sharp
 * converting every pixel to Lab and back.
 */
async function stretched(pixels: Buffer, width: number, height: number): Promise<Pixels> {
  const histogram = new Float64Array(256);
  for (let i = 0; i < pixels.length; i += 1) histogram[pixels[i]!]! += 1;
  const n = pixels.length;
  const counts = new Uint32Array(256);
  const remainders: { level: number; part: number }[] = [];
  let placed = 0;
  for (let v = 0; v < 256; v += 1) {
    if (histogram[v] === 0) continue;
    const exact = (histogram[v]! * STRETCH_SAMPLE) / n;
    // Every level present keeps at least one pixel, so its stretched value can be read.
    counts[v] = Math.max(1, Math.floor(exact));
    placed += counts[v]!;
    if (exact >= 1) remainders.push({ level: v, part: exact - Math.floor(exact) });
  }
  remainders.sort((a, b) => b.part - a.part);
  for (let k = 0; placed < STRETCH_SAMPLE && k < remainders.length; k += 1, placed += 1)
    counts[remainders[k]!.level]! += 1;
  const sample = Buffer.alloc(placed);
  const first = new Int32Array(256).fill(-1);
  let at = 0;
  for (let v = 0; v < 256; v += 1) {
    if (counts[v] === 0) continue;
    first[v] = at;
    sample.fill(v, at, at + counts[v]!);
    at += counts[v]!;
  }
  const { data, info } = await sharp(sample, { raw: { width: placed, height: 1, channels: 1 } })
    .normalise({ lower: 1, upper: 99 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // An RGB result has the grey level in each channel.
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v += 1) if (first[v]! >= 0) lut[v] = data[first[v]! * info.channels]!;
  const out = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i += 1) out[i] = lut[pixels[i]!]!;
  return { data: out, width, height, channels: 1 };
}

/**
 * Tesseract reads best with text lines of about this many pixels: images are scaled so their
 * measured line height lands there (bigger is slower, smaller loses letters).
 */
const TARGET_LINE_HEIGHT = 30;
/** When no line height could be measured: enlarge small images to this width, shrink huge ones. */
const MIN_OCR_WIDTH = 1400;
const TARGET_OCR_WIDTH = 1800;
const MAX_OCR_WIDTH = 2400;
const MAX_OCR_PIXELS = 4_000_000;
/** Estimated noise σ above which a median filter helps more than it blurs. */
const NOISY = 6;
/** Laplacian variance below which a photo counts as blurred (barcodes get a sharpened second look). */
const BLURRED = 1_000;
/**
 * A second, single-block reading is taken of small images and of text read with low confidence:
 * those are where Tesseract's layout analysis drops lines…
 */
const SECOND_LOOK_WIDTH = 700;
const SECOND_LOOK_CONFIDENCE = 70;
/**
 * …and of images where the words read cover less than this share of the ink: a confident reading
 * that left most of the print out (a shadow's edge can make whole lines look like a picture).
 */
const SECOND_LOOK_COVERAGE = 0.4;
/**
 * Those hard images (when not small) are also read at this fraction of the prepared size: smeared
 * ones (bottle curvature) often read better with shorter lines, and the reading that agrees best
 * with the vocabulary leads. Small images are read scaled only instead (see `PreparedImage`).
 */
const SMALLER_LOOK_SCALE = 0.6;
/**
 * Laplacian variance below which an image is out of focus (a curved bottle, a close-up): it is read
 * deconvolved when a focus blur width makes it crisper (and as it was, for a second reading), else
 * also read sharpened (unsharp mask), which restores the strokes blur merged.
 */
const DEFOCUSED = 150;
/**
 * Laplacian variance below which an image is checked for motion blur (a streak from a moving
 * hand; crisp photos are not worth the check).
 */
const MAYBE_SMEARED = 2_000;
/** Confidence from which a confident reading of an unrolled label stands without the photo as taken. */
const UNROLLED_CONFIDENT = 85;
/** Mean brightness below which an image is light print on a dark ground. */
const DARK = 110;
/** Grey level below which a prepared pixel counts as ink. */
const INK_LEVEL = 96;
/** The same when finding blocks of print (the grey rims of a small image's letters included). */
const BLOCK_INK_LEVEL = 128;
/** Side of the blocks whose darkest pixel gives the local ink level (prepared pixels). */
const FAINT_BLOCK = 16;
/**
 * Smallest spread between local ink and paper that is stretched to full contrast: less is paper
 * grain or JPEG noise, whose stretch is capped at 255 / this.
 */
const FAINT_MIN_RANGE = 100;
/**
 * Paper at least this bright (before its brightness is divided out) may be under a glare; dimmer
 * paper (a shadow, a dim photo) is not stretched, which would only raise its grain.
 */
const GLARE_PAPER = 215;
/**
 * Share of the restored faint print a reading must have left out for the rows holding it to be
 * read again, restored; and how many such pixels make a row one of them.
 */
const INK_BEFORE = 1;
const INK_GAINED = 2;
const FAINT_UNREAD = 0.25;
const FAINT_ROW_PIXELS = 3;
/**
 * A word read with less confidence than this over at least this many restored pixels marks its
 * rows for reading again, restored.
 */
const FAINT_WORD_CONFIDENCE = 80;
const FAINT_WORD_PIXELS = 20;
/** Share of the ink that must be washed-out print for the restored copy to be read as well. */
const FAINT_SHARE = 0.05;
/** How many times its grain a block's darkest patch must stand below the paper to count as ink. */
const FAINT_OVER_GRAIN = 8;
/** Local ink at least this light counts as washed out; darker print is left as it is. */
const FAINT_INK = 70;
/** Background is estimated on a copy this many times smaller. */
const BACKGROUND_SHRINK = 8;

/**
 * Grey level `v` divided by the paper's brightness `paper` (at least 16) and scaled back to 0–255,
 * at `paper << 8 | v`: the background division as a lookup instead of a division per pixel.
 */
const DIVIDED = (() => {
  const table = new Uint8Array(65536);
  for (let paper = 0; paper < 256; paper += 1)
    for (let v = 0; v < 256; v += 1)
      table[(paper << 8) | v] = Math.min(255, Math.round((v * 255) / Math.max(16, paper)));
  return table;
})();

/**
 * Grey level `was` stretched so that local ink at level `ink` turns black (the stretch capped at
 * 255 / `FAINT_MIN_RANGE`), at `ink << 8 | was`.
 */
const FAINT_STRETCH = (() => {
  const table = new Uint8Array(65536);
  for (let ink = 0; ink < 256; ink += 1) {
    const range = Math.max(FAINT_MIN_RANGE, 255 - ink);
    for (let was = 0; was < 256; was += 1)
      table[(ink << 8) | was] = Math.max(0, Math.round(255 - ((255 - was) * 255) / range));
  }
  return table;
})();

/** Local maximum over a (2r+1)² window, then a box blur: the paper's brightness without the ink. */
function backgroundOf(small: Buffer, w: number, h: number, r: number): Buffer {
  const rows = Buffer.alloc(small.length);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let m = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k += 1)
        m = Math.max(m, small[y * w + k]!);
      rows[y * w + x] = m;
    }
  }
  const out = Buffer.alloc(small.length);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let m = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k += 1) m = Math.max(m, rows[k * w + x]!);
      out[y * w + x] = m;
    }
  }
  return out;
}

/**
 * The 3×3 median of a grey image, edges extended by copying their pixels: the same pixels as sharp's
 * `median(3)`, at a fraction of its cost (it sorts each window). Each column's three pixels are
 * sorted once per row; a window's median is then the median of its columns' largest low, middle
 * median and smallest high.
 */
export function median3(src: Uint8Array, w: number, h: number): Buffer {
  const out = Buffer.allocUnsafe(w * h);
  // Per column of the row's window (one extra each side, copied from the edge): low, mid, high.
  const lo = new Uint8Array(w + 2);
  const mid = new Uint8Array(w + 2);
  const hi = new Uint8Array(w + 2);
  for (let y = 0; y < h; y += 1) {
    const r0 = Math.max(0, y - 1) * w;
    const r1 = y * w;
    const r2 = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x += 1) {
      const a = src[r0 + x]!;
      const b = src[r1 + x]!;
      const c = src[r2 + x]!;
      const small = a < b ? a : b;
      const large = a < b ? b : a;
      const low = small < c ? small : c;
      const high = large > c ? large : c;
      lo[x + 1] = low;
      hi[x + 1] = high;
      mid[x + 1] = a + b + c - low - high;
    }
    lo[0] = lo[1]!;
    mid[0] = mid[1]!;
    hi[0] = hi[1]!;
    lo[w + 1] = lo[w]!;
    mid[w + 1] = mid[w]!;
    hi[w + 1] = hi[w]!;
    for (let x = 0; x < w; x += 1) {
      const l0 = lo[x]!;
      const l1 = lo[x + 1]!;
      const l2 = lo[x + 2]!;
      const h0 = hi[x]!;
      const h1 = hi[x + 1]!;
      const h2 = hi[x + 2]!;
      const m0 = mid[x]!;
      const m1 = mid[x + 1]!;
      const m2 = mid[x + 2]!;
      const l01 = l0 > l1 ? l0 : l1;
      const maxLo = l01 > l2 ? l01 : l2;
      const h01 = h0 < h1 ? h0 : h1;
      const minHi = h01 < h2 ? h01 : h2;
      const m01lo = m0 < m1 ? m0 : m1;
      const m01hi = m0 < m1 ? m1 : m0;
      const m = m01hi < m2 ? m01hi : m2;
      const midMed = m01lo > m ? m01lo : m;
      // Median of the three: max(min(p, q), min(max(p, q), r)).
      const pq = maxLo < midMed ? maxLo : midMed;
      const PQ = maxLo < midMed ? midMed : maxLo;
      const r = PQ < minHi ? PQ : minHi;
      out[r1 + x] = pq > r ? pq : r;
    }
  }
  return out;
}

/**
 * Darkens print a glare washed out, in place: on a page whose background is already divided out
 * (paper at 255), where the paper was bright, each place's darkest ink is stretched to black
 * (within a cap), so grey letters under a glare read like the black ones around them instead of
 * falling on the paper's side of Tesseract's single threshold. Black print and blank paper are
 * left as they were.
 */
async function restoreFaintInk(
  flat: Buffer,
  background: Buffer,
  w: number,
  h: number,
): Promise<{ restored: Buffer; share: number; gained: Uint8Array }> {
  const block = FAINT_BLOCK;
  const sw = Math.ceil(w / block);
  const sh = Math.ceil(h / block);
  // Darkest 2×2 patch of each block: a stroke's core, not one grain of noise (nor the block's
  // mean, which thin strokes barely move).
  const mins = Buffer.alloc(sw * sh, 255);
  // The block column of each pixel column.
  const column = new Uint32Array(w);
  for (let x = 0; x < w; x += 1) column[x] = Math.floor(x / block);
  for (let y = 0; y + 1 < h; y += 2) {
    const row = y * w;
    const srow = Math.floor(y / block) * sw;
    for (let x = 0; x + 1 < w; x += 2) {
      const v = (flat[row + x]! + flat[row + x + 1]! + flat[row + w + x]! + flat[row + w + x + 1]!) >> 2;
      const k = srow + column[x]!;
      if (v < mins[k]!) mins[k] = v;
    }
  }
  // Grain (Immerkær's estimate) of each block: where the darkest patch is not clearly darker than
  // the grain, it is noise, not faint ink, and the block is left as it is.
  const grain = new Float64Array(sw * sh);
  const counted = new Uint32Array(sw * sh);
  for (let y = 1; y < h - 1; y += 2) {
    const row = y * w;
    const srow = Math.floor(y / block) * sw;
    for (let x = 1; x < w - 1; x += 2) {
      const i = row + x;
      const corners = flat[i - w - 1]! + flat[i - w + 1]! + flat[i + w - 1]! + flat[i + w + 1]!;
      const sides = flat[i - w]! + flat[i + w]! + flat[i - 1]! + flat[i + 1]!;
      const k = srow + column[x]!;
      grain[k] = grain[k]! + Math.abs(corners - 2 * sides + 4 * flat[i]!);
      counted[k] = counted[k]! + 1;
    }
  }
  for (let k = 0; k < mins.length; k += 1) {
    const sigma = (Math.sqrt(Math.PI / 2) * grain[k]!) / (6 * Math.max(1, counted[k]!));
    if (255 - mins[k]! < FAINT_OVER_GRAIN * sigma) mins[k] = 0;
  }
  // The darkest ink near each block (neighbours included: the gaps between words and lines).
  const spread = Buffer.alloc(sw * sh);
  for (let y = 0; y < sh; y += 1)
    for (let x = 0; x < sw; x += 1) {
      let m = 255;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < sh && xx >= 0 && xx < sw) m = Math.min(m, mins[yy * sw + xx]!);
        }
      spread[y * sw + x] = m;
    }
  const inkLevel = await sharp(spread, { raw: { width: sw, height: sh, channels: 1 } })
    .blur(1)
    .resize({ width: w, height: h, fit: 'fill', kernel: 'linear' })
    .greyscale()
    .raw()
    .toBuffer();
  const restored = Buffer.from(flat);
  const mask = new Uint8Array(flat.length);
  let ink = 0;
  let gained = 0;
  for (let i = 0; i < flat.length; i += 1) {
    const was = flat[i]!;
    if (was < INK_LEVEL) {
      ink += 1;
      mask[i] = INK_BEFORE;
    }
    const local = inkLevel[i]!;
    if (local < FAINT_INK || background[i]! < GLARE_PAPER) continue;
    const now = FAINT_STRETCH[(local << 8) | was]!;
    restored[i] = now;
    if (now < INK_LEVEL && was >= INK_LEVEL) {
      gained += 1;
      mask[i] = INK_GAINED;
    }
  }
  return { restored, share: gained / Math.max(1, ink + gained), gained: mask };
}

/**
 * Pre-processing for Tesseract, on greyscale pixels: straighten (projection-profile skew), invert
 * light-on-dark cartons, scale to a good text size, divide out the background (shadows, glare,
 * uneven light), denoise grainy photos, stretch contrast.
 */
export async function prepareForOcr(decoded: DecodedImage): Promise<Pixels> {
  return (await prepare(decoded)).page;
}

export interface PreparedImage {
  page: Pixels;
  /**
   * The same with print a glare washed out darkened (see `restoreFaintInk`), when there was a fair
   * share of it: read as well, the reading that agrees best with the vocabulary leads.
   */
  restored: FaintPrint | null;
  /**
   * The image only straightened, turned dark-on-light and scaled, without the background divided
   * out or the contrast stretched: a small image's print is a few pixels of grey, which the stretch
   * turns into bold blobs that run together, while Tesseract's recogniser reads the grey levels
   * themselves. Made on demand.
   */
  scaledOnly: () => Promise<Pixels>;
  /** The print's line height in the prepared image's pixels (measured, else the one aimed at). */
  lineHeight: number;
}

export interface FaintPrint {
  page: Pixels;
  /**
   * Per pixel (row by row, the prepared image's size): `INK_GAINED` where it became ink only by the
   * restoring, `INK_BEFORE` where it was ink already, else 0.
   */
  gained: Uint8Array;
  width: number;
  height: number;
}

/**
 * `prepareForOcr`, and the glare-restored copy when the page has washed-out print; `measured` is
 * the page's geometry when the caller measured this very image already.
 */
export async function prepare(decoded: DecodedImage, measured?: PageGeometry): Promise<PreparedImage> {
  const { width, stats } = decoded;
  const dark = stats.brightness < DARK;
  const page = measured ?? (await measurePage(decoded.image, width, dark));
  const skew = page.skewDegrees;
  let image = decoded.image.clone();
  if (dark) image = image.negate();
  if (skew !== 0) {
    // Rotate on its own pipeline so the resize below measures the rotated size.
    const rotated = await image
      .rotate(skew, { background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = rotated.info;
    image = sharp(rotated.data, { raw: { width: w, height: h, channels } });
  }
  const size = skew === 0 ? { width, height: decoded.height } : await image.metadata();
  let scale: number;
  // Small shop images (400 px wide, lines 6–8 px tall) need up to five times their size: Tesseract
  // drops whole lines of text it sees at three times.
  if (page.lineHeight !== null) scale = Math.min(5, Math.max(0.3, TARGET_LINE_HEIGHT / page.lineHeight));
  else if (size.width < MIN_OCR_WIDTH) scale = Math.min(5, TARGET_OCR_WIDTH / size.width);
  else scale = Math.min(1, MAX_OCR_WIDTH / size.width);
  scale = Math.min(scale, Math.sqrt(MAX_OCR_PIXELS / (size.width * size.height)));
  if (Math.abs(scale - 1) > 0.05) {
    image = image.resize({
      width: Math.round(size.width * scale),
      kernel: scale > 1 ? 'lanczos3' : 'lanczos2',
    });
  }
  // Scaled only: the reading of small images' anti-aliased print as it was (see `PreparedImage`).
  const scaled = image.clone();
  const grey = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
  const w = grey.info.width;
  const h = grey.info.height;
  const data = stats.noise > NOISY ? median3(grey.data, w, h) : grey.data;

  const sw = Math.max(1, Math.round(w / BACKGROUND_SHRINK));
  const sh = Math.max(1, Math.round(h / BACKGROUND_SHRINK));
  const small = await sharp(data, { raw: { width: w, height: h, channels: 1 } })
    .resize({ width: sw, height: sh, fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  const background = await sharp(backgroundOf(small, sw, sh, 3), {
    raw: { width: sw, height: sh, channels: 1 },
  })
    .blur(1.5)
    .resize({ width: w, height: h, fit: 'fill', kernel: 'linear' })
    .greyscale()
    .raw()
    .toBuffer();
  const flat = Buffer.allocUnsafe(w * h);
  for (let i = 0; i < flat.length; i += 1) flat[i] = DIVIDED[(background[i]! << 8) | data[i]!]!;
  const { restored, share, gained } = await restoreFaintInk(flat, background, w, h);
  return {
    page: await stretched(flat, w, h),
    restored:
      share >= FAINT_SHARE ? { page: await stretched(restored, w, h), gained, width: w, height: h } : null,
    scaledOnly: () => pixelsOf(scaled.greyscale()),
    lineHeight: page.lineHeight === null ? TARGET_LINE_HEIGHT : page.lineHeight * (w / size.width),
  };
}

/**
 * The image with motion blur undone when it shows a straight streak (its length and direction are
 * measured from the picture, then deconvolved); otherwise the image as it was.
 */
export async function repairMotionBlur(decoded: DecodedImage): Promise<DecodedImage> {
  if (decoded.stats.sharpness >= MAYBE_SMEARED) return decoded;
  return (await repaired(decoded, deblurMotion)) ?? decoded;
}

/**
 * The image unrolled off a bottle's curve when its text lines bow (see `flattenCylinder`), else
 * null; with the geometry measured of the image as given.
 */
export async function flattened(
  decoded: DecodedImage,
): Promise<{ flat: DecodedImage | null; page: PageGeometry }> {
  const dark = decoded.stats.brightness < DARK;
  const page = await measurePage(decoded.image, decoded.width, dark);
  const background = dark ? '#000000' : '#ffffff';
  // Measured with the lines level: a tilted photo's lines would otherwise look bent.
  const level =
    page.skewDegrees === 0
      ? decoded.image.clone()
      : decoded.image.clone().rotate(page.skewDegrees, { background });
  const { data, info } = await level.greyscale().raw().toBuffer({ resolveWithObject: true });
  // Lines that could not be told apart (a bowed line blurs the profile): a typical label's.
  const lineHeight = page.lineHeight ?? Math.min(40, Math.max(8, info.width / 70));
  // Measured on dark print on light ground (a dark carton's negative), handed back as it was.
  if (dark) for (let i = 0; i < data.length; i += 1) data[i] = 255 - data[i]!;
  const flat = flattenCylinder(data, info.width, info.height, lineHeight);
  if (!flat) return { flat: null, page };
  if (dark) for (let i = 0; i < flat.pixels.length; i += 1) flat.pixels[i] = 255 - flat.pixels[i]!;
  const image = sharp(Buffer.from(flat.pixels.buffer, flat.pixels.byteOffset, flat.pixels.length), {
    raw: { width: flat.width, height: flat.height, channels: 1 },
  });
  return { flat: { ...decoded, image, width: flat.width, height: flat.height }, page };
}

/** The image deconvolved by `repair`, or null when it found nothing to repair. */
async function repaired(
  decoded: DecodedImage,
  repair: (data: Uint8Array, w: number, h: number) => { pixels: Uint8Array } | null,
): Promise<DecodedImage | null> {
  const { data, info } = await decoded.image.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
  const fixed = repair(data, info.width, info.height);
  if (!fixed) return null;
  const pixels = Buffer.from(fixed.pixels.buffer, fixed.pixels.byteOffset, fixed.pixels.length);
  const image = sharp(pixels, { raw: { width: info.width, height: info.height, channels: 1 } });
  return { ...decoded, image };
}

/**
 * Share of the prepared image's ink that lies inside the words a reading found (boxes grown by a
 * little): Tesseract's layout analysis sometimes drops whole lines as "not text", and a confident
 * reading of the rest does not show it.
 */
export function inkCoverage(page: Pixels, words: readonly OcrWord[]): number {
  const { data, width: w, height: h, channels } = page;
  const covered = new Uint8Array(w * h);
  for (const word of words) {
    if (word.text.trim() === '') continue;
    const grow = Math.round((word.y1 - word.y0) * 0.3);
    const y0 = Math.max(0, word.y0 - grow);
    const y1 = Math.min(h, word.y1 + grow);
    const x0 = Math.max(0, word.x0 - grow);
    const x1 = Math.min(w, word.x1 + grow);
    for (let y = y0; y < y1; y += 1) covered.fill(1, y * w + x0, y * w + x1);
  }
  let ink = 0;
  let inside = 0;
  for (let i = 0; i < covered.length; i += 1) {
    if (data[i * channels]! >= INK_LEVEL) continue;
    ink += 1;
    inside += covered[i]!;
  }
  return ink === 0 ? 1 : inside / ink;
}

/** The median height of the read words (blank ones aside); a thirtieth of the page without any. */
function wordHeight(words: readonly OcrWord[], pageHeight: number): number {
  const heights = words.filter((w) => w.text.trim() !== '').map((w) => w.y1 - w.y0);
  return heights.length > 0 ? median(heights) : Math.round(pageHeight / 30);
}

/**
 * The band of rows to read again restored: rows of words that cover restored faint print but were
 * read with low confidence (a washed-out word read in part, or run into its neighbour), and rows of
 * restored print no word covers at all; widened by a couple of lines, `unread` when rows of the
 * second kind are among them. Null when the reading is sure of all the faint print it covers and
 * left little of it out.
 */
export function unreadFaintRows(
  faint: FaintPrint,
  words: readonly OcrWord[],
): { top: number; bottom: number; unread: boolean } | null {
  const { gained, width: w, height: h } = faint;
  const covered = new Uint8Array(w * h);
  let top = h;
  let bottom = -1;
  for (const word of words) {
    if (word.text.trim() === '') continue;
    const grow = Math.round((word.y1 - word.y0) * 0.3);
    const y0 = Math.max(0, word.y0 - grow);
    const y1 = Math.min(h, word.y1 + grow);
    const x0 = Math.max(0, word.x0 - grow);
    const x1 = Math.min(w, word.x1 + grow);
    let faintInside = 0;
    let inkInside = 0;
    for (let y = y0; y < y1; y += 1) {
      covered.fill(1, y * w + x0, y * w + x1);
      for (let i = y * w + x0; i < y * w + x1; i += 1) {
        if (gained[i] === INK_GAINED) faintInside += 1;
        else if (gained[i] === INK_BEFORE) inkInside += 1;
      }
    }
    // A washed-out word is mostly restored ink; a blurred black one only gained grey rims.
    if (
      word.confidence < FAINT_WORD_CONFIDENCE &&
      faintInside >= FAINT_WORD_PIXELS &&
      faintInside >= inkInside
    ) {
      top = Math.min(top, y0);
      bottom = Math.max(bottom, y1);
    }
  }
  let total = 0;
  let unread = 0;
  let unreadTop = h;
  let unreadBottom = -1;
  for (let y = 0; y < h; y += 1) {
    let row = 0;
    for (let i = y * w; i < (y + 1) * w; i += 1) {
      if (gained[i] !== INK_GAINED) continue;
      total += 1;
      if (covered[i] === 0) row += 1;
    }
    unread += row;
    if (row >= FAINT_ROW_PIXELS) {
      unreadTop = Math.min(unreadTop, y);
      unreadBottom = y;
    }
  }
  const left = total > 0 && unread >= total * FAINT_UNREAD && unreadBottom >= 0;
  if (left) {
    top = Math.min(top, unreadTop);
    bottom = Math.max(bottom, unreadBottom);
  }
  if (bottom < 0) return null;
  const line = wordHeight(words, h);
  return { top: Math.max(0, top - 2 * line), bottom: Math.min(h, bottom + 2 * line), unread: left };
}

/** A line that opens an ingredient list (its heading, also misread: `lngredients`, `Inhaltsstoffe`). */
const LIST_HEADING = /ngr[eé]d|nhalt|\binci\b|zutat|compos/i;

/**
 * The rows of `page` that hold the ingredient list by the first reading's words: from the list's
 * heading (else its first line with a comma) to its last line with a comma and the line after it,
 * cut at the emptiest row within a line and a half each way; null when no list-like line was read. A second look reads
 * only these rows: the LSTM's cost follows the amount of text read, and brand, size and warnings
 * were read by the first look already.
 */
export function ingredientRows(
  words: readonly OcrWord[],
  page: Pixels,
): { top: number; bottom: number } | null {
  const { height } = page;
  const lines = new Map<number, { text: string; y0: number; y1: number }>();
  for (const word of words) {
    if (word.text.trim() === '') continue;
    const l = lines.get(word.line);
    if (l) {
      l.text += ` ${word.text}`;
      l.y0 = Math.min(l.y0, word.y0);
      l.y1 = Math.max(l.y1, word.y1);
    } else lines.set(word.line, { text: word.text, y0: word.y0, y1: word.y1 });
  }
  const ordered = [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);
  let start = ordered.findIndex((l) => LIST_HEADING.test(l.text));
  if (start < 0) start = ordered.findIndex((l) => l.text.includes(','));
  if (start < 0) return null;
  let end = start;
  for (let i = start; i < ordered.length; i += 1) if (ordered[i]!.text.includes(',')) end = i;
  end = Math.min(ordered.length - 1, end + 1);
  const line = wordHeight(words, height);
  let top = height;
  let bottom = 0;
  for (let i = start; i <= end; i += 1) {
    top = Math.min(top, ordered[i]!.y0);
    bottom = Math.max(bottom, ordered[i]!.y1);
  }
  // Cut where the print is thinnest within a line and a half of the list: a line cut through
  // reads as debris.
  const reach = Math.round(line * 1.5);
  return {
    top: quietestRow(page, Math.max(0, top - reach), top, true),
    bottom: quietestRow(page, bottom, Math.min(height, bottom + reach), false) + 1,
  };
}

/** The row of `from`..`to` with the least ink (ties: the one farthest up, or down when not `up`). */
function quietestRow(page: Pixels, from: number, to: number, up: boolean): number {
  const { data, width, channels } = page;
  let best = up ? from : Math.max(from, to - 1);
  let least = Number.POSITIVE_INFINITY;
  for (let k = 0; k < to - from; k += 1) {
    const y = up ? from + k : to - 1 - k;
    let ink = 0;
    for (let i = y * width; i < (y + 1) * width; i += 1) if (data[i * channels]! < INK_LEVEL) ink += 1;
    if (ink < least) {
      least = ink;
      best = y;
    }
  }
  return best;
}

/** `rows` of an image `from` pixels tall, on an image of another size. */
function rowsScaled(
  rows: { top: number; bottom: number } | null,
  from: number,
  to: number,
): { top: number; bottom: number } | null {
  if (!rows) return null;
  const f = to / from;
  return { top: Math.max(0, Math.floor(rows.top * f)), bottom: Math.min(to, Math.ceil(rows.bottom * f)) };
}

/** The rows of `page` (all of it when `rows` is null). */
function within(page: Pixels, rows: { top: number; bottom: number } | null): Pixels {
  return rows ? rowsOf(page, rows) : page;
}

/** The prepared image at `SMALLER_LOOK_SCALE` of its size. */
async function smallerCopy(page: Pixels): Promise<Pixels> {
  return pixelsOf(
    sharpOf(page).resize({ width: Math.round(page.width * SMALLER_LOOK_SCALE), kernel: 'lanczos2' }),
  );
}

/** The rows `top`..`bottom` of an image. */
function rowsOf(page: Pixels, { top, bottom }: { top: number; bottom: number }): Pixels {
  if (bottom - top >= page.height * 0.7) return page;
  const row = page.width * page.channels;
  return { ...page, data: page.data.subarray(top * row, bottom * row), height: bottom - top };
}

/** The region `box` of an image. */
function cropOf(page: Pixels, b: Box): Pixels {
  const width = b.x1 - b.x0;
  const height = b.y1 - b.y0;
  const c = page.channels;
  const data = Buffer.allocUnsafe(width * height * c);
  for (let y = 0; y < height; y += 1) {
    const from = ((b.y0 + y) * page.width + b.x0) * c;
    page.data.copy(data, y * width * c, from, from + width * c);
  }
  return { data, width, height, channels: c };
}

/**
 * The print's blocks (columns, paragraphs: see `textBlocks`) found on the prepared image `page`,
 * each grown by a margin: the regions to crop from it or from another image of its size.
 */
function printBlocks(page: Pixels, lineHeight: number): Box[] {
  const { data, width: w, height: h, channels } = page;
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i += 1) ink[i] = data[i * channels]! < BLOCK_INK_LEVEL ? 1 : 0;
  const pad = Math.round(lineHeight * 0.5);
  const regions: Box[] = [];
  for (const b of textBlocks(ink, w, h, lineHeight)) {
    if (b.y1 - b.y0 < lineHeight * 0.5 || b.x1 - b.x0 < lineHeight) continue;
    regions.push({
      x0: Math.max(0, b.x0 - pad),
      y0: Math.max(0, b.y0 - pad),
      x1: Math.min(w, b.x1 + pad),
      y1: Math.min(h, b.y1 + pad),
    });
  }
  return regions;
}

/** A second look's reading; `listOnly` when it read only the ingredient list's rows. */
type ListReading = OcrReading & { listOnly?: boolean };

/** What the label analysis is given of a reading and the other looks' readings. */
function evidenceOf(first: OcrReading, others: readonly ListReading[]): OcrEvidence {
  // A word's confidence is its lowest in any reading.
  const confidences = new Map<string, number>();
  for (const word of [...first.words, ...others.flatMap((o) => o.words)]) {
    const key = matchKey(word.text);
    confidences.set(key, Math.min(confidences.get(key) ?? 100, word.confidence));
  }
  return {
    text: first.text,
    confidence: first.confidence,
    wordConfidence: (key) => confidences.get(key),
    otherTexts: others.map((o) => o.text),
    otherListOnly: others.map((o) => o.listOnly === true),
  };
}

/** CPU time of the whole process (all threads, OCR workers included) since `from`, in ms. */
export function cpuSince(from: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
}

/** The default engine: sharp + Tesseract (offline) + ZXing, then the label parser and matcher. */
export class LocalScanEngine implements ScanEngine {
  readonly name = 'tesseract';
  /**
   * When set, each scan's CPU time per stage is added to it in ms (decode, deblur, flatten, prepare,
   * read, analysis; the OCR passes themselves are inside `read`): for the bench's listing. Stages
   * run one after the other for text scans, so the process's CPU time between their ends is theirs.
   */
  profile: Map<string, number> | null = null;

  private async stage<T>(name: string, work: () => Promise<T>): Promise<T> {
    if (!this.profile) return work();
    const from = process.cpuUsage();
    try {
      return await work();
    } finally {
      this.profile.set(name, (this.profile.get(name) ?? 0) + cpuSince(from));
    }
  }

  constructor(
    private readonly ocr: OcrPool,
    private readonly analysis: LabelAnalysisDeps,
  ) {}

  async analyze({ image, analysisType, onProgress }: ScanEngineInput): Promise<ScanResult> {
    await onProgress?.({ stage: 'decoding', percent: 5 });
    const decoded = await this.stage('decode', () => decodeImage(image));
    const wantsText = analysisType !== 'barcode';
    const wantsCodes = analysisType !== 'ingredients';

    await onProgress?.({ stage: wantsText ? 'reading_text' : 'reading_codes', percent: 15 });
    const [ocr, barcodes] = await Promise.all([
      wantsText
        ? this.stage('deblur', async () => {
            const clear = await repairMotionBlur(decoded);
            return clear === decoded && decoded.stats.sharpness < DEFOCUSED
              ? ((await repaired(decoded, deblurFocus)) ?? decoded)
              : clear;
          }).then(async (clear) => {
            // A label round a bottle is read unrolled, and as photographed for a second look.
            const { flat, page } = await this.stage('flatten', () => flattened(clear));
            // Not unrolled: the page was measured on this image already.
            const prepared = await this.stage('prepare', () => (flat ? prepare(flat) : prepare(clear, page)));
            return this.stage('read', () =>
              this.read(prepared, decoded, clear === decoded ? null : decoded, flat ? clear : null),
            );
          })
        : Promise.resolve(null),
      wantsCodes
        ? readImageBarcodes(decoded.image, { blurred: decoded.stats.sharpness < BLURRED })
        : Promise.resolve([]),
    ]);

    await onProgress?.({ stage: 'matching', percent: 85 });
    const evidence: OcrEvidence | null = ocr ? evidenceOf(ocr, ocr.others) : null;
    return this.stage('analysis', async () =>
      analyzeLabel({ analysisType, ocr: evidence, barcodes, image: decoded.stats }, this.analysis),
    );
  }

  /**
   * Reads the prepared image, and hard images again in other ways; `unrepaired` is the image as
   * uploaded when `page` was prepared from a deblurred copy of it, `unflattened` the image as
   * photographed when `page` was unrolled off a bottle's curve.
   */
  private async read(
    prepared: PreparedImage,
    decoded: DecodedImage,
    unrepaired: DecodedImage | null,
    unflattened: DecodedImage | null = null,
  ): Promise<OcrReading & { others: ListReading[] }> {
    const { page } = prepared;
    const first = await this.ocr.recognize(pnm(page));
    // A first reading whose every ingredient entry is a known name read exactly as printed leaves
    // the other looks below little to add: they are skipped where the reading also covers the
    // print (see each). Entries it corrected do not count as settled: a glare's spot reads as names
    // with letters lost (`LINA` before `HYDROXYCITRONELLAL`) that correction takes for other names,
    // and another look brings the lost names back.
    let settled: boolean | undefined;
    const isSettled = () => {
      settled ??= this.listSettled(first, decoded);
      return settled;
    };
    // Print a glare washed out may be missing from a reading that is confident about the rest; its
    // rows are read again restored unless the reading left none of it out (it only read some of it
    // unsure) and is settled.
    const faint = prepared.restored ? unreadFaintRows(prepared.restored, first.words) : null;
    const restored =
      faint && prepared.restored && (faint.unread || !isSettled())
        ? [await this.ocr.recognize(pnm(rowsOf(prepared.restored.page, faint)))]
        : [];
    const coverage = inkCoverage(page, first.words);
    if (
      decoded.width >= SECOND_LOOK_WIDTH &&
      first.confidence >= SECOND_LOOK_CONFIDENCE &&
      coverage >= SECOND_LOOK_COVERAGE
    ) {
      // An unrolled label read with middling confidence is also read as photographed (smaller, to
      // cost less): the unrolling is an estimate, and words at a squeezed edge sometimes read
      // better as they were; not when the reading is settled.
      const asTaken =
        unflattened && first.confidence < UNROLLED_CONFIDENT && !isSettled()
          ? [await this.ocr.recognize(pnm(await smallerCopy(await prepareForOcr(unflattened))))]
          : [];
      return { ...first, others: [...restored, ...asTaken] };
    }
    // Read with low confidence but covering the print, and settled: the other looks are skipped. A
    // small image's (Tesseract drops whole lines of its print: a settled list may be half of it)
    // and a reading that left much of the ink out are read again whatever it found.
    if (decoded.width >= SECOND_LOOK_WIDTH && coverage >= SECOND_LOOK_COVERAGE && isSettled())
      return { ...first, others: restored };
    const small = decoded.width < SECOND_LOOK_WIDTH;
    // The second looks below read only the ingredient list's rows (by the first reading), except
    // the smaller copy: cut so, it misread a bottle's squeezed edge (one name lost on the bench).
    const band = ingredientRows(first.words, page);
    // A small image's blocks are read one by one: Tesseract's own layout analysis is unsure there,
    // and reading the whole page as one block runs columns' lines together.
    const found = small ? printBlocks(page, prepared.lineHeight) : [];
    const blocks = found.filter((b) => !band || (b.y1 > band.top && b.y0 < band.bottom));
    const blocksCut = blocks.length > 0 && blocks.length < found.length;
    const listRows = within(page, band);
    const others: ListReading[] = [
      small
        ? { ...(await this.readByBlocks(page, blocks)), listOnly: blocksCut }
        : { ...(await this.ocr.recognizeAsBlock(pnm(listRows))), listOnly: listRows !== page },
      ...restored,
    ];
    if (unflattened) others.push(await this.ocr.recognize(pnm(await prepareForOcr(unflattened))));
    if (small) {
      // A small image was enlarged to be read: shrinking it again loses what that gained, while its
      // grey, anti-aliased print read as it was scaled (no contrast stretch) misreads other letters
      // than the prepared image's bold strokes do.
      others.push({ ...(await this.readByBlocks(await prepared.scaledOnly(), blocks)), listOnly: blocksCut });
    } else {
      others.push(await this.ocr.recognize(pnm(await smallerCopy(page))));
    }
    if (decoded.stats.sharpness < DEFOCUSED) {
      // Out of focus: the unrepaired image when the first reading was of a deconvolved one, else
      // unsharp-masked.
      // Sharpened in colour, as ever (sharp sharpens an RGB image's lightness, a grey one's level).
      const sharpened = unrepaired
        ? await prepareForOcr(unrepaired)
        : await pixelsOf(sharpOf(asRgb(page)).sharpen({ sigma: 2, m1: 0, m2: 4 }));
      const rows = within(sharpened, rowsScaled(band, page.height, sharpened.height));
      others.push({ ...(await this.ocr.recognize(pnm(rows))), listOnly: rows !== sharpened });
    }
    return { ...first, others };
  }

  /**
   * Whether `reading` alone gives an ingredient list whose every entry is a known name read exactly
   * as printed (none corrected, none unrecognised).
   */
  private listSettled(reading: OcrReading, decoded: DecodedImage): boolean {
    const { ingredients } = analyzeLabel(
      { analysisType: 'ingredients', ocr: evidenceOf(reading, []), barcodes: [], image: decoded.stats },
      this.analysis,
    );
    return ingredients.length > 0 && ingredients.every((i) => i.reading === 'printed');
  }

  /**
   * Each block of print (see `printBlocks`) cropped from `source` and read as a single block of
   * text, one after the other; the whole image read so when no block was found.
   */
  private async readByBlocks(source: Pixels, blocks: readonly Box[]): Promise<OcrReading> {
    if (blocks.length === 0) return this.ocr.recognizeAsBlock(pnm(source));
    const texts: string[] = [];
    const words: OcrWord[] = [];
    let lines = 0;
    for (const b of blocks) {
      const r = await this.ocr.recognizeAsBlock(pnm(cropOf(source, b)));
      texts.push(r.text);
      for (const word of r.words) words.push({ ...word, line: word.line + lines });
      lines += r.words.length === 0 ? 0 : Math.max(...r.words.map((word) => word.line)) + 1;
    }
    const read = words.filter((word) => word.text.trim() !== '');
    const confidence =
      read.length === 0 ? 0 : read.reduce((sum, word) => sum + word.confidence, 0) / read.length;
    return { text: texts.filter((t) => t.trim() !== '').join('\n\n'), confidence, words };
  }

  async close(): Promise<void> {
    await this.ocr.terminate();
  }
}
