import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Sharp } from 'sharp';
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';

export interface Barcode {
  number: string;
  format: string;
}

const require = createRequire(import.meta.url);

let ready: Promise<unknown> | null = null;

/** Loads the ZXing WebAssembly from node_modules (never from a CDN) once per process. */
function prepare(): Promise<unknown> {
  ready ??= readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
      },
      fireImmediately: true,
    }),
  );
  return ready;
}

const OPTIONS: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'QRCode', 'DataMatrix', 'Code128'],
  tryHarder: true,
  tryRotate: true,
  maxNumberOfSymbols: 8,
};

/**
 * EAN/UPC/QR codes in a (greyscale or colour) image, read at most 1600 px wide; a blurred photo
 * (`blurred`) gets a second, sharpened look when the first finds nothing.
 */
export async function readImageBarcodes(
  image: Sharp,
  { blurred = false }: { blurred?: boolean } = {},
): Promise<Barcode[]> {
  const found = await readOnce(image);
  return found.length > 0 || !blurred ? found : readOnce(image.clone().sharpen({ sigma: 2 }));
}

async function readOnce(image: Sharp): Promise<Barcode[]> {
  await prepare();
  const { data, info } = await image
    .clone()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const results = await readBarcodes(
    {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      colorSpace: 'srgb',
    },
    OPTIONS,
  );
  const seen = new Set<string>();
  const out: Barcode[] = [];
  for (const r of results) {
    if (!r.isValid || r.text === '' || seen.has(r.text)) continue;
    seen.add(r.text);
    out.push({ number: r.text, format: r.format });
  }
  return out;
}
