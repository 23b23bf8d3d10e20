import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { InMemoryEventLog } from '@scentinel/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './chemical-database.ts';
import { ChemicalMatcher } from './chemical-matcher.ts';
import { BadImageError } from './image-input.ts';
import { OpenAiScanEngine, VisionAnswerError } from './openai-scan.engine.ts';
import { ScanProcessor } from './scan.processor.ts';
import { FIXTURE_CHEMICALS, tinyPng, truncatedPng } from './scan.testing.ts';
import { ScanEventRecorder } from './scan-events.ts';

/**
 * The OpenAI engine against a local server that replays recorded Chat Completions answers (the
 * real response shapes), checking the request the engine sends on the way.
 */
const FIXTURES = path.join(REPO_ROOT, 'services/worker/fixtures/openai');
const recorded = (file: string) => readFileSync(path.join(FIXTURES, file), 'utf8');

interface Reply {
  status: number;
  body: string;
}

let server: Server;
let baseURL: string;
let replies: Reply[] = [];
const requests: { url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
      const reply = replies.shift() ?? { status: 500, body: '{"error":{"message":"no recorded reply"}}' };
      res.writeHead(reply.status, { 'content-type': 'application/json', 'x-request-id': 'req_replay' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  replies = [];
  requests.length = 0;
});

const analysis = { matcher: new ChemicalMatcher(FIXTURE_CHEMICALS) };
const engine = () => new OpenAiScanEngine({ apiKey: 'sk-test-replay', baseURL }, analysis);
const image = () => readFileSync(path.join(REPO_ROOT, 'services/worker/fixtures/labels/label-001.jpg'));

describe('OpenAiScanEngine (recorded replies)', () => {
  it('sends the image with a strict JSON schema and matches the answer against the database', async () => {
    replies.push({ status: 200, body: recorded('chat-completion.label-001.json') });
    const result = await engine().analyze({ image: image(), analysisType: 'comprehensive' });

    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-replay');
    expect(sent.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'product_label', strict: true } },
    });
    const schema = (sent.body.response_format as { json_schema: { schema: Record<string, unknown> } })
      .json_schema.schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schema.required).toEqual(
      expect.arrayContaining(['product_identification', 'ingredients', 'barcodes', 'confidence']),
    );
    const messages = sent.body.messages as { role: string; content: unknown }[];
    expect(messages[0]?.role).toBe('system');
    const parts = messages[1]?.content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(
      /^data:image\/jpeg;base64,\/9j\//,
    );

    expect(result.product_identification).toEqual({
      brand: 'CHANEL',
      product_name: 'N°5',
      product_type: 'Eau de Parfum',
      size_ml: 100,
    });
    expect(result.ingredients).toHaveLength(18);
    expect(result.ingredients.find((i) => i.name === 'Linalool')).toMatchObject({
      is_allergen: true,
      chemical_id: 'chem-78-70-6',
    });
    // The database, not the model, decides what is an allergen.
    expect(result.ingredients.find((i) => i.name === 'Bht')).toBeUndefined();
    expect(result.ingredients.find((i) => i.name === 'BHT')).toMatchObject({
      is_allergen: false,
      chemical_id: null,
    });
    expect(result.codes_and_regulatory.barcodes).toEqual([{ number: '3145891253317', format: 'EAN-13' }]);
    expect(result.analysis_quality.text_clarity).toBe('clear');
    expect(result.analysis_quality.confidence).toBeGreaterThan(0.5);
    expect(result.analysis_quality.confidence).toBeLessThanOrEqual(1);
  });

  it('treats a refusal as a failed answer (the queue retries it)', async () => {
    replies.push({ status: 200, body: recorded('chat-completion.refusal.json') });
    await expect(engine().analyze({ image: image(), analysisType: 'comprehensive' })).rejects.toThrow(
      VisionAnswerError,
    );
  });

  it('refuses an answer off the schema', async () => {
    const good = JSON.parse(recorded('chat-completion.label-001.json'));
    good.choices[0].message.content = JSON.stringify({ ingredients: 'Linalool, Limonene' });
    replies.push({ status: 200, body: JSON.stringify(good) });
    await expect(engine().analyze({ image: image(), analysisType: 'comprehensive' })).rejects.toThrow(
      /does not match the schema/,
    );
  });

  it('lets a rate limit through as a transient error, recorded as a retryable failure', async () => {
    replies.push({ status: 429, body: recorded('error.rate-limit.json') });
    const eventLog = new InMemoryEventLog();
    const events = new ScanEventRecorder(eventLog);
    const processor = new ScanProcessor(engine(), events);
    await events.requested(
      {
        scanId: 's-1',
        analysisType: 'comprehensive',
        mimeType: 'image/png',
        sizeBytes: 10,
        imageSha256: null,
      },
      null,
      null,
    );
    await expect(
      processor.process({
        scanId: 's-1',
        analysisType: 'comprehensive',
        image: await tinyPng(),
        attempt: 1,
        maxAttempts: 3,
      }),
    ).rejects.toThrow(/Rate limit reached/);
    const [, failed] = await eventLog.readStream('scan:s-1');
    expect(failed).toMatchObject({ type: 'ScanFailed', data: { retryable: true } });

    replies.push({ status: 200, body: recorded('chat-completion.label-001.json') });
    const done = await processor.process({
      scanId: 's-1',
      analysisType: 'comprehensive',
      image: await tinyPng(),
      attempt: 2,
      maxAttempts: 3,
    });
    expect(done.success).toBe(true);
    const stream = await eventLog.readStream('scan:s-1');
    expect(stream.map((e) => e.type)).toEqual(['ScanRequested', 'ScanFailed', 'ScanCompleted']);
    expect(stream[2]?.data).toMatchObject({ engine: 'openai:gpt-4o-mini', ingredient_count: 18 });
  });

  it('never sends a corrupt image', async () => {
    await expect(
      engine().analyze({ image: await truncatedPng(), analysisType: 'comprehensive' }),
    ).rejects.toBeInstanceOf(BadImageError);
    expect(requests).toHaveLength(0);
  });
});
