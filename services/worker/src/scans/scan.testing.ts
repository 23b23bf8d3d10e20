/** Test helpers for the scanner: a small chemical database in the shape of `data/chemicals/chemicals.json`. */
import type { ChemicalRecord } from './chemical-database.ts';

const chem = (over: Partial<ChemicalRecord> & { id: string; name: string }): ChemicalRecord => ({
  cas_number: null,
  inci_name: null,
  synonyms: [],
  allergen_flag: false,
  prohibited: false,
  restricted: false,
  restrictions: null,
  ...over,
});

export const FIXTURE_CHEMICALS: ChemicalRecord[] = [
  chem({
    id: 'chem-78-70-6',
    name: 'Linalool',
    inci_name: 'LINALOOL',
    cas_number: '78-70-6',
    allergen_flag: true,
    restricted: true,
    restrictions: 'Declare above 0.001 % in leave-on products',
  }),
  chem({
    id: 'chem-5989-27-5',
    name: 'd-Limonene',
    inci_name: 'LIMONENE',
    cas_number: '5989-27-5',
    synonyms: ['Limonene'],
    allergen_flag: true,
  }),
  chem({
    id: 'chem-127-51-5',
    name: 'alpha-Isomethyl ionone',
    inci_name: 'ALPHA-ISOMETHYL IONONE',
    cas_number: '127-51-5',
    synonyms: ['iso-Methyl-β-ionone'],
    allergen_flag: true,
  }),
  chem({
    id: 'chem-107-75-5',
    name: 'Hydroxycitronellal',
    inci_name: 'HYDROXYCITRONELLAL',
    cas_number: '107-75-5',
    allergen_flag: true,
  }),
  chem({
    id: 'chem-118-58-1',
    name: 'Benzyl salicylate',
    inci_name: 'BENZYL SALICYLATE',
    cas_number: '118-58-1',
    allergen_flag: true,
  }),
  chem({
    id: 'chem-101-86-0',
    name: 'Hexyl cinnamaldehyde',
    inci_name: 'HEXYL CINNAMAL',
    cas_number: '101-86-0',
    allergen_flag: true,
  }),
  chem({
    id: 'chem-106-22-9',
    name: 'Citronellol',
    inci_name: 'CITRONELLOL',
    cas_number: '106-22-9',
    allergen_flag: true,
  }),
  chem({
    id: 'chem-91-64-5',
    name: 'Coumarin',
    inci_name: 'COUMARIN',
    cas_number: '91-64-5',
    allergen_flag: true,
  }),
  chem({
    id: 'chem-80-54-6',
    name: 'Lilial',
    inci_name: 'BUTYLPHENYL METHYLPROPIONAL',
    cas_number: '80-54-6',
    // Prohibited (Annex II) since 2022, so no longer on the allergen labelling list.
    prohibited: true,
  }),
  chem({
    id: 'chem-5466-77-3',
    name: 'Octinoxate',
    inci_name: 'ETHYLHEXYL METHOXYCINNAMATE',
    cas_number: '5466-77-3',
    restricted: true,
    restrictions: 'Max 10 % as a UV filter',
  }),
  chem({ id: 'chem-9004-62-0', name: 'Dimethicone', inci_name: 'DIMETHICONE', cas_number: '9006-65-9' }),
  chem({
    id: 'chem-7722-76-1',
    name: 'Potassium citrate',
    inci_name: 'POTASSIUM CITRATE',
    cas_number: '866-84-2',
  }),
  chem({ id: 'chem-parfum', name: 'Fragrance', inci_name: 'PARFUM', synonyms: ['Fragrance', 'Aroma'] }),
  chem({
    id: 'chem-64-17-5',
    name: 'Ethanol',
    inci_name: 'ALCOHOL',
    cas_number: '64-17-5',
    synonyms: ['Alcohol Denat.'],
  }),
];

import type { ScanResult } from '@scentinel/domain';
import sharp from 'sharp';
import { decodeImage } from './image-input.ts';
import type { ScanEngine, ScanEngineInput } from './scan-engine.port.ts';

/** A PNG of `width`×40 px with a dark bar, made in memory. */
/** The labelling condition of an entry that prescribes the name `name` for the ingredient list. */
export const prescribing = (name: string) =>
  `The presence of the substance or substances shall be indicated as ‘${name}’ in the list of ingredients`;

/**
 * Allergens of 2023/1545's grouped entries, which labels name by the entry's prescribed name, and
 * the IFRA record that carries one of those names without being an EU label allergen.
 */
export const GROUPED_ALLERGEN_CHEMICALS: ChemicalRecord[] = [
  chem({ id: 'chem-87064-19-5', name: 'Rose ketones' }),
  chem({
    id: 'chem-23726-94-5',
    name: 'Alpha-damascone',
    inci_name: 'ALPHA-DAMASCONE',
    allergen_flag: true,
    restricted: true,
    restrictions: prescribing('Rose Ketones'),
  }),
  chem({
    id: 'chem-8000-28-0',
    name: 'Lavender oil',
    inci_name: 'LAVANDULA ANGUSTIFOLIA OIL',
    allergen_flag: true,
    restricted: true,
    // Written once without "as", with a space after the slash.
    restrictions:
      'The presence of the substance or substances shall be indicated ‘Lavandula Oil/ Extract’ in the list of ingredients',
  }),
];

export async function tinyPng(width = 64): Promise<Buffer> {
  return sharp({ create: { width, height: 40, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: { create: { width: Math.max(1, width - 20), height: 10, channels: 3, background: '#000000' } },
        top: 15,
        left: 10,
      },
    ])
    .png()
    .toBuffer();
}

/** The first bytes of a PNG and nothing else: passes the sniff, fails to decode. */
export async function truncatedPng(): Promise<Buffer> {
  return (await tinyPng(200)).subarray(0, 60);
}

/**
 * A scan engine for queue and route tests: decodes the image for real (so corrupt uploads fail as
 * they would), then answers a fixed result; it can be told to fail transiently or to take its time.
 */
export class ScriptedEngine implements ScanEngine {
  readonly name = 'scripted';
  calls = 0;
  /** The next this-many calls throw a transient error. */
  failNext = 0;
  delayMs = 0;

  async analyze({ image, analysisType, onProgress }: ScanEngineInput): Promise<ScanResult> {
    this.calls += 1;
    await onProgress?.({ stage: 'decoding', percent: 5 });
    const decoded = await decodeImage(image);
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('engine hiccup');
    }
    await onProgress?.({ stage: 'reading_text', percent: 40 });
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    return {
      product_identification: {
        brand: 'Test',
        product_name: analysisType,
        product_type: null,
        size_ml: decoded.width,
      },
      ingredients: [
        { name: 'Linalool', is_allergen: true, concentration: null, chemical_id: 'chem-78-70-6' },
        { name: 'Aqua', is_allergen: false, concentration: null, chemical_id: null },
      ],
      codes_and_regulatory: { barcodes: [], allergen_warnings: ['Linalool is a fragrance allergen.'] },
      analysis_quality: { confidence: 0.9, text_clarity: 'clear', image_quality: 'good' },
      notes: null,
      warnings: [],
    };
  }

  async close(): Promise<void> {}
}
