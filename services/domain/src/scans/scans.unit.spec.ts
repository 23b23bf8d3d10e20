import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/context.ts';
import { systemActor } from '../shared/context.ts';
import { given } from '../shared/testing.ts';
import { distinctMessages, scanMessageText } from './scan-messages.ts';
import type { ScanCommand, ScansContext } from './scans.decide.ts';
import { cleanResult, decide, IMAGE_TOO_LARGE_DETAIL, INVALID_IMAGE_DETAIL } from './scans.decide.ts';
import type { ScanEvent, ScanRequested, ScanResult, ScanState } from './scans.events.ts';
import { evolve, initialState, MAX_SCAN_BYTES } from './scans.events.ts';

const now = '2025-01-02T03:04:05.000Z';
const visitor: ScansContext = { now, actor: null };
const worker: ScansContext = { now, actor: systemActor('scan-worker') };
const user: Actor = { kind: 'account', id: 'acc-1', role: 'regular_user', status: 'active' };

const spec = (events: ScanEvent[] = []) => given(evolve, initialState, events);
const run =
  (command: ScanCommand, context: ScansContext = visitor) =>
  (state: ScanState) =>
    decide(command, state, context);

const request = (data: Partial<Extract<ScanCommand, { type: 'RequestScan' }>['data']> = {}): ScanCommand => ({
  type: 'RequestScan',
  data: { scan_id: 'scan-1', mime_type: 'image/jpeg', size_bytes: 123_456, ...data },
});
const requested: ScanRequested = {
  type: 'ScanRequested',
  data: {
    scan_id: 'scan-1',
    analysis_type: 'comprehensive',
    mime_type: 'image/jpeg',
    size_bytes: 123_456,
    image_sha256: null,
    image_ref: null,
    requested_by: null,
    session_id: null,
  },
};

const result: ScanResult = {
  product_identification: {
    brand: 'Sensodyne',
    product_name: 'Pronamel',
    product_type: 'toothpaste',
    size_ml: 75,
  },
  ingredients: [
    { name: 'Limonene', is_allergen: true, concentration: null, chemical_id: 'chem-5989-27-5' },
    { name: 'Glycerin', is_allergen: false, concentration: null, chemical_id: null },
  ],
  codes_and_regulatory: {
    barcodes: [{ number: '5054563011325', format: 'EAN-13' }],
    allergen_warnings: ['Contains limonene'],
  },
  analysis_quality: { confidence: 0.87, text_clarity: 'good', image_quality: 'fair' },
  notes: null,
  warnings: [],
};
const complete: ScanCommand = {
  type: 'CompleteScan',
  data: { scan_id: 'scan-1', duration_ms: 2300, engine: 'tesseract', result },
};
const fail = (retryable: boolean): ScanCommand => ({
  type: 'FailScan',
  data: { scan_id: 'scan-1', reason: 'OCR engine crashed', retryable },
});

describe('RequestScan', () => {
  it('anyone may request a scan; analysis type defaults to comprehensive', () => {
    spec().when(run(request())).thenEmits([requested]);
    const [event] = decide(
      request({ analysis_type: 'barcode', session_id: 'session_abc123' }),
      initialState,
      {
        now,
        actor: user,
      },
    );
    expect(event?.data).toMatchObject({
      analysis_type: 'barcode',
      requested_by: 'acc-1',
      session_id: 'session_abc123',
    });
  });

  it('accepts JPEG, PNG and WebP up to 10 MB only (spec messages)', () => {
    spec()
      .when(run(request({ mime_type: 'image/gif' })))
      .thenThrows('validation', INVALID_IMAGE_DETAIL);
    spec()
      .when(run(request({ mime_type: null })))
      .thenThrows('validation', INVALID_IMAGE_DETAIL);
    spec()
      .when(run(request({ size_bytes: MAX_SCAN_BYTES + 1 })))
      .thenThrows('validation', IMAGE_TOO_LARGE_DETAIL);
    spec()
      .when(run(request({ size_bytes: 0 })))
      .thenThrows('validation', 'The image file is empty');
    const atLimit = decide(
      request({ size_bytes: MAX_SCAN_BYTES, mime_type: 'image/webp' }),
      initialState,
      visitor,
    );
    expect(atLimit).toHaveLength(1);
  });

  it('refuses an unknown analysis type and a reused id', () => {
    spec()
      .when(run(request({ analysis_type: 'xray' })))
      .thenThrows('validation', /Analysis type/);
    spec([requested]).when(run(request())).thenThrows('conflict');
  });
});

describe('CompleteScan / FailScan', () => {
  it('the worker completes an open scan with counts taken from the result', () => {
    spec([requested])
      .when(run(complete, worker))
      .thenEmits([
        {
          type: 'ScanCompleted',
          data: {
            scan_id: 'scan-1',
            analysis_type: 'comprehensive',
            duration_ms: 2300,
            ingredient_count: 2,
            allergen_count: 1,
            engine: 'tesseract',
            result,
          },
        },
      ]);
  });

  it('a retryable failure keeps the scan open; a final one closes it', () => {
    const retry: ScanEvent = {
      type: 'ScanFailed',
      data: {
        scan_id: 'scan-1',
        reason: 'OCR engine crashed',
        retryable: true,
        attempt: 1,
        duration_ms: null,
      },
    };
    spec([requested])
      .when(run(fail(true), worker))
      .thenEmits([retry]);
    spec([requested, retry])
      .when(run(fail(false), worker))
      .thenEmits([{ ...retry, data: { ...retry.data, retryable: false, attempt: 2 } }]);
    spec([requested, retry])
      .when(run(complete, worker))
      .thenEmits(decide(complete, evolve(initialState, requested), worker));
  });

  it('a closed scan cannot change; an unknown scan is not found; only the worker records outcomes', () => {
    const done = decide(complete, evolve(initialState, requested), worker);
    spec([requested, ...done])
      .when(run(fail(false), worker))
      .thenThrows('invalid_state', 'Scan scan-1 is already completed');
    spec([requested, ...done])
      .when(run(complete, worker))
      .thenThrows('invalid_state');
    spec().when(run(complete, worker)).thenThrows('not_found');
    spec([requested])
      .when(run(complete, { now, actor: user }))
      .thenThrows('forbidden');
  });

  it('validates the result', () => {
    expect(() => cleanResult({ ...result, analysis_quality: { confidence: 1.5 } })).toThrow(
      /fraction from 0 to 1/,
    );
    expect(() => cleanResult({ ...result, ingredients: [{ is_allergen: true }] })).toThrow(
      /Ingredient name is required/,
    );
    expect(cleanResult({ ingredients: [{ name: 'Aqua', concentration: 70 }] })).toEqual({
      product_identification: { brand: null, product_name: null, product_type: null, size_ml: null },
      ingredients: [{ name: 'Aqua', is_allergen: false, concentration: '70', chemical_id: null }],
      codes_and_regulatory: { barcodes: [], allergen_warnings: [] },
      analysis_quality: { confidence: 0, text_clarity: null, image_quality: null },
      notes: null,
      warnings: [],
    });
  });

  it('keeps the result’s sentences as messages with known keys and plain values only', () => {
    const messages = {
      allergen_warnings: [{ key: 'allergen_declared', values: { name: 'Linalool' } }],
      warnings: [{ key: 'no_barcode' }],
      notes: [{ key: 'matched_count', values: { matched: 3, total: 4 } }],
    };
    expect(cleanResult({ ...result, messages }).messages).toEqual(messages);
    expect(cleanResult(result).messages).toBeUndefined();
    expect(() =>
      cleanResult({ ...result, messages: { ...messages, warnings: [{ key: 'made_up' }] } }),
    ).toThrow(/Message key must be one of/);
    expect(() =>
      cleanResult({
        ...result,
        messages: { ...messages, notes: [{ key: 'no_list', values: { x: { y: 1 } } }] },
      }),
    ).toThrow(/Message value/);
    expect(() => cleanResult({ ...result, messages: { ...messages, warnings: 'no_barcode' } })).toThrow(
      /result.messages.warnings must be a list/,
    );
    expect(() => cleanResult({ ...result, messages: [] })).toThrow(/result.messages must be an object/);
  });
});

describe('scan messages', () => {
  it('write the English sentences of the result’s text fields, each once', () => {
    expect(scanMessageText({ key: 'allergen_declared', values: { name: 'Rose Ketones' } })).toBe(
      'Rose Ketones is a fragrance allergen that must be declared on EU labels.',
    );
    expect(scanMessageText({ key: 'restricted_eu', values: { name: 'Coumarin' } })).toBe(
      'Coumarin is restricted in cosmetics in the EU (Annex III).',
    );
    expect(scanMessageText({ key: 'label_text', values: { text: 'Contains allergens.' } })).toBe(
      'Contains allergens.',
    );
    const twice = { key: 'no_barcode' } as const;
    expect(distinctMessages([twice, { key: 'no_list' }, twice])).toEqual([twice, { key: 'no_list' }]);
  });
});
