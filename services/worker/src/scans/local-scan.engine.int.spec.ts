import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChemicalRecords, REPO_ROOT } from './chemical-database.ts';
import { ChemicalMatcher } from './chemical-matcher.ts';
import { BadImageError, decodeImage, sniffImageType } from './image-input.ts';
import { LocalScanEngine } from './local-scan.engine.ts';
import { OcrPool } from './ocr-pool.ts';
import { BrandIndex } from './product-info.parser.ts';
import { truncatedPng } from './scan.testing.ts';
import { loadAnalysisDeps } from './scan-service.ts';

const LABELS = path.join(REPO_ROOT, 'services/worker/fixtures/labels');
const label = (file: string) => readFileSync(path.join(LABELS, file));

let engine: LocalScanEngine;
beforeAll(async () => {
  // The shipped chemical database (the data build's output), as in production.
  engine = new LocalScanEngine(await OcrPool.create({ size: 1 }), {
    matcher: new ChemicalMatcher(await loadChemicalRecords()),
    brands: new BrandIndex(['Chanel', 'Nivea']),
  });
});
afterAll(async () => {
  await engine?.close();
});

describe('labels printed since 2026', () => {
  it('flags the group names Regulation (EU) 2023/1545 prescribes (`Rose Ketones`, `Lavandula Oil/Extract`)', async () => {
    const list =
      'INGREDIENTS: ALCOHOL DENAT., PARFUM (FRAGRANCE), AQUA (WATER), LINALOOL, ROSE KETONES, LAVANDULA OIL/EXTRACT, NARCISSUS EXTRACT, CITRAL, BHT.';
    const { data, info } = await sharp({
      text: { text: list, font: 'DejaVu Sans 15', width: 560, dpi: 150, rgba: true, wrap: 'word' },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    const image = await sharp({
      create: { width: info.width + 80, height: info.height + 80, channels: 3, background: '#fff' },
    })
      .composite([{ input: data, left: 40, top: 40 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    // The production dependencies: the shipped database and scanner vocabulary.
    const deps = await loadAnalysisDeps();
    const shipped = new LocalScanEngine(await OcrPool.create({ size: 1 }), deps);
    try {
      const result = await shipped.analyze({ image, analysisType: 'ingredients' });
      const flagged = Object.fromEntries(result.ingredients.map((i) => [i.name, i.is_allergen]));
      expect(flagged).toMatchObject({
        Linalool: true,
        'Rose Ketones': true,
        'Lavandula Oil/Extract': true,
        'Narcissus Extract': true,
        Citral: true,
      });
    } finally {
      await shipped.close();
    }
  });
});

describe('image checks', () => {
  it('sniffs JPEG, PNG and WebP by content, nothing else', async () => {
    const png = label('sensodyne.png');
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(label('label-001.jpg'))).toBe('image/jpeg');
    expect(sniffImageType(await sharp(png).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('rejects a corrupt image as a bad image (no retry), with the reason', async () => {
    await expect(decodeImage(await truncatedPng())).rejects.toThrow(BadImageError);
    await expect(
      engine.analyze({ image: await truncatedPng(), analysisType: 'comprehensive' }),
    ).rejects.toThrow(/could not be read: it looks corrupt or truncated/);
  });

  it('measures blur: a blurred copy scores far lower', async () => {
    const sharpCopy = await decodeImage(label('label-023.jpg'));
    const blurred = await decodeImage(await sharp(label('label-023.jpg')).blur(4).jpeg().toBuffer());
    expect(blurred.stats.sharpness).toBeLessThan(sharpCopy.stats.sharpness / 4);
  });
});

describe('LocalScanEngine', () => {
  it('reads a label photographed sideways (EXIF orientation)', async () => {
    const sideways = await sharp(label('label-023.jpg'))
      .rotate(270)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await engine.analyze({ image: sideways, analysisType: 'ingredients' });
    expect(result.ingredients.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Linalool', 'Limonene', 'Coumarin']),
    );
  });

  it('reads an EAN-13 barcode, and only the barcode for analysis_type barcode', async () => {
    const result = await engine.analyze({ image: label('label-050.jpg'), analysisType: 'barcode' });
    expect(result.codes_and_regulatory.barcodes).toEqual([{ number: '8735797026866', format: 'EAN13' }]);
    expect(result.ingredients).toEqual([]);
    expect(result.analysis_quality).toMatchObject({ confidence: 1, text_clarity: null });
  });

  it('reads a two-column label with the warnings beside the list', async () => {
    const result = await engine.analyze({ image: label('label-003.jpg'), analysisType: 'comprehensive' });
    const names = result.ingredients.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Hydroxycitronellal', 'Citronellol', 'Coumarin']));
    expect(names.some((n) => /keep|flame|augen/i.test(n))).toBe(false);
    expect(result.product_identification).toMatchObject({ brand: 'Chanel', size_ml: 100 });
  });
});
