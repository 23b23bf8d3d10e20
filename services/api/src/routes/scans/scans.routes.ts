import { createHash, randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type AnalysisType,
  analysisTypes,
  MAX_SCAN_BYTES,
  type ScanMessageKey,
  scans as scanDomain,
  scanMessageKeys,
  sniffImageType,
} from '@scentinel/domain';
import {
  type ScanJobStatus,
  ScanQueueFullError,
  ScanQueueUnavailableError,
  type ScanService,
  ScanWaitTimeoutError,
} from '@scentinel/platform/scan-queue';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../../http/errors.ts';

/** The texts the client shows for a wrong type or an oversized file. */
const { INVALID_IMAGE_DETAIL, IMAGE_TOO_LARGE_DETAIL } = scanDomain;

const ScanMessageSchema = Type.Object({
  key: Type.Unsafe<ScanMessageKey>(Type.String({ enum: [...scanMessageKeys] })),
  values: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

const ScanResultSchema = Type.Object({
  product_identification: Type.Object({
    brand: Type.Union([Type.String(), Type.Null()]),
    product_name: Type.Union([Type.String(), Type.Null()]),
    product_type: Type.Union([Type.String(), Type.Null()]),
    size_ml: Type.Union([Type.Number(), Type.Null()], { description: 'Shown with "ml"' }),
  }),
  ingredients: Type.Array(
    Type.Object({
      name: Type.String(),
      is_allergen: Type.Boolean(),
      concentration: Type.Union([Type.String(), Type.Null()]),
      chemical_id: Type.Union([Type.String(), Type.Null()], {
        description: 'The matched catalogue chemical',
      }),
      reading: Type.Optional(
        Type.Union([Type.Literal('printed'), Type.Literal('corrected'), Type.Literal('unrecognised')], {
          description: 'A known name as printed, a corrected misreading, or unrecognised (check it)',
        }),
      ),
      read_as: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'What OCR read' })),
      blend: Type.Optional(
        Type.Union([Type.String(), Type.Null()], { description: 'The printed blend it was listed in' }),
      ),
    }),
  ),
  codes_and_regulatory: Type.Object({
    barcodes: Type.Array(
      Type.Object({ number: Type.String(), format: Type.Union([Type.String(), Type.Null()]) }),
    ),
    allergen_warnings: Type.Array(Type.String()),
  }),
  analysis_quality: Type.Object({
    confidence: Type.Number({ minimum: 0, maximum: 1, description: 'A fraction; shown as a percentage' }),
    text_clarity: Type.Union([Type.String(), Type.Null()]),
    image_quality: Type.Union([Type.String(), Type.Null()]),
  }),
  notes: Type.Union([Type.String(), Type.Null()]),
  warnings: Type.Array(Type.String()),
  messages: Type.Optional(
    Type.Object(
      {
        allergen_warnings: Type.Array(ScanMessageSchema),
        warnings: Type.Array(ScanMessageSchema),
        notes: Type.Array(ScanMessageSchema),
      },
      { description: 'The same sentences as message keys and values, for screens in other languages' },
    ),
  ),
});

const ScanResponseSchema = Type.Object({
  success: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  result: Type.Union([ScanResultSchema, Type.Null()]),
  analysis_type: Type.String(),
  scan_id: Type.String(),
});

const Problem = Type.Object({ detail: Type.String(), code: Type.String() });

const JobStatusSchema = Type.Object({
  job_id: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('active'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  progress: Type.Object({ stage: Type.String(), percent: Type.Number() }),
  attempts: Type.Integer(),
  result: Type.Union([ScanResponseSchema, Type.Null()], {
    description: 'The scan response once the job finished',
  }),
});

const JobParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) });

const multipartBody = {
  description: 'multipart/form-data: `file` (JPEG, PNG or WebP, ≤ 10 MB) and `analysis_type`',
};

interface Upload {
  image: Buffer;
  analysisType: AnalysisType;
}

export const TOO_MANY_PARTS_DETAIL =
  'Send one image per scan: one "file" part and the "analysis_type" field.';

function isFileTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE';
}

function isTooManyParts(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT';
}

/** Reads `file` and `analysis_type` from the multipart body, checking the file by its content. */
async function readUpload(
  request: FastifyRequest,
  isDecodableImage: ScanService['isDecodableImage'],
): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'Send the image as multipart/form-data with a "file" field.', 'validation');
  }
  let image: Buffer | null = null;
  let analysisType: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || image !== null) {
          part.file.resume(); // not kept: drained, never buffered
          continue;
        }
        image = await part.toBuffer();
      } else if (part.fieldname === 'analysis_type') {
        analysisType = String(part.value).trim();
      }
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw new HttpError(413, IMAGE_TOO_LARGE_DETAIL);
    if (isTooManyParts(error)) throw new HttpError(400, TOO_MANY_PARTS_DETAIL, 'validation');
    throw error; // a body the parser cannot read answers 400 (`isMultipartParseError`)
  }
  if (image === null || image.length === 0) throw new HttpError(400, INVALID_IMAGE_DETAIL, 'validation');
  if (image.length > MAX_SCAN_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_DETAIL);
  // Checked by content, then decoded for real: bytes that only start like an image are refused here.
  if (sniffImageType(image) === null || !(await isDecodableImage(image))) {
    throw new HttpError(400, INVALID_IMAGE_DETAIL, 'validation');
  }
  const type = analysisType === undefined || analysisType === '' ? 'comprehensive' : analysisType;
  if (!(analysisTypes as readonly string[]).includes(type)) {
    throw new HttpError(400, `analysis_type must be one of: ${analysisTypes.join(', ')}`, 'validation');
  }
  return { image, analysisType: type as AnalysisType };
}

function statusBody(status: ScanJobStatus) {
  return {
    job_id: status.id,
    status: status.state,
    progress: status.progress,
    attempts: status.attempts,
    result: status.response,
  };
}

const unavailable = (error: ScanQueueUnavailableError) =>
  error instanceof ScanQueueFullError
    ? new HttpError(503, error.message, 'busy', { 'retry-after': String(error.retryAfterSeconds) })
    : new HttpError(503, error.message, 'unavailable', { 'retry-after': '30' });

/** Uploads (each a scan) per address per window, and status reads per address per window. */
export interface ScanRateLimits {
  uploads: { max: number; timeWindowMs: number };
  reads: { max: number; timeWindowMs: number };
}

export const DEFAULT_SCAN_RATE_LIMITS: ScanRateLimits = {
  uploads: { max: 12, timeWindowMs: 60_000 },
  reads: { max: 600, timeWindowMs: 60_000 },
};

/**
 * The scanner API: the synchronous scan the dialog calls, plus an async job
 * API with polling and server-sent progress events. Uploads are checked by content, 10 MB max.
 */
export const scanRoutes: FastifyPluginAsyncTypebox<{
  deps: { scans: ScanService; rateLimits?: ScanRateLimits };
}> = async (app, { deps }) => {
  const { scans } = deps;
  const limits = deps.rateLimits ?? DEFAULT_SCAN_RATE_LIMITS;
  await app.register(rateLimit, { global: false });
  const limitOf = (limit: { max: number; timeWindowMs: number }) => ({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    errorResponseBuilder: (_request: unknown, context: { after: string }) =>
      new HttpError(429, `Too many scans from your address. Please wait ${context.after}.`, 'rate_limited'),
  });
  const uploadLimit = { rateLimit: limitOf(limits.uploads) };
  const readLimit = { rateLimit: limitOf(limits.reads) };
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_SCAN_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1_000 },
    throwFileSizeLimit: true,
  });

  /** Records `ScanRequested` and queues the job; a queue that is down answers 503 at once. */
  async function submit(request: FastifyRequest, upload: Upload): Promise<string> {
    // A full (or unreachable) queue refuses before anything is recorded.
    try {
      await scans.queue.checkRoom?.(upload.image.length);
    } catch (error) {
      if (error instanceof ScanQueueUnavailableError) throw unavailable(error);
      throw error;
    }
    const scanId = randomUUID();
    const session = request.headers['x-session-id'];
    const auth = typeof request.authenticate === 'function' ? await request.authenticate() : null;
    await scans.events.requested(
      {
        scanId,
        analysisType: upload.analysisType,
        mimeType: sniffImageType(upload.image),
        sizeBytes: upload.image.length,
        imageSha256: createHash('sha256').update(upload.image).digest('hex'),
        sessionId: typeof session === 'string' && /^[A-Za-z0-9_.-]{6,128}$/.test(session) ? session : null,
      },
      auth?.actor ?? null,
      request.id,
    );
    try {
      await scans.queue.enqueue({ scanId, analysisType: upload.analysisType, image: upload.image });
    } catch (error) {
      if (error instanceof ScanQueueUnavailableError) {
        await scans.events.failed(scanId, error.message, false, 0).catch(() => {});
        throw unavailable(error);
      }
      throw error;
    }
    request.log.info(
      { scanId, analysisType: upload.analysisType, bytes: upload.image.length },
      'scan queued',
    );
    return scanId;
  }

  app.post(
    '/camera/scan/product',
    {
      config: uploadLimit,
      schema: {
        tags: ['scanner'],
        summary: 'Scan a product label and wait for the result',
        description: `${multipartBody.description}. Waits up to ${Math.round(scans.waitTimeoutMs / 1000)} s; a scan that takes longer answers 504 and carries on as a job.`,
        consumes: ['multipart/form-data'],
        response: {
          200: ScanResponseSchema,
          400: Problem,
          413: Problem,
          429: Problem,
          503: Problem,
          504: Problem,
        },
      },
    },
    async (request) => {
      const upload = await readUpload(request, (bytes) => scans.isDecodableImage(bytes));
      const scanId = await submit(request, upload);
      try {
        const status = await scans.queue.waitForResult(scanId, scans.waitTimeoutMs);
        return status.response!;
      } catch (error) {
        if (error instanceof ScanWaitTimeoutError) {
          throw new HttpError(
            504,
            `The analysis is taking longer than ${Math.round(error.timeoutMs / 1000)} seconds. It continues in the background: check GET /api/camera/scan/jobs/${scanId} for the result.`,
            'timeout',
          );
        }
        if (error instanceof ScanQueueUnavailableError) throw unavailable(error);
        throw error;
      }
    },
  );

  app.post(
    '/camera/scan/jobs',
    {
      config: uploadLimit,
      schema: {
        tags: ['scanner'],
        summary: 'Queue a scan and answer at once with its job id',
        description: multipartBody.description,
        consumes: ['multipart/form-data'],
        response: {
          202: Type.Object({ job_id: Type.String(), status_url: Type.String(), events_url: Type.String() }),
          400: Problem,
          413: Problem,
          429: Problem,
          503: Problem,
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, (bytes) => scans.isDecodableImage(bytes));
      const scanId = await submit(request, upload);
      return reply.status(202).send({
        job_id: scanId,
        status_url: `/api/camera/scan/jobs/${scanId}`,
        events_url: `/api/camera/scan/jobs/${scanId}/events`,
      });
    },
  );

  async function findJob(id: string): Promise<ScanJobStatus> {
    let status: ScanJobStatus | null;
    try {
      status = await scans.queue.status(id);
    } catch (error) {
      if (error instanceof ScanQueueUnavailableError) throw unavailable(error);
      throw error;
    }
    if (!status) throw new HttpError(404, `No scan job ${id} (finished jobs are kept for an hour).`);
    return status;
  }

  app.get(
    '/camera/scan/jobs/:id',
    {
      config: readLimit,
      schema: {
        tags: ['scanner'],
        summary: "A scan job's state, progress and, once finished, its result",
        params: JobParams,
        response: { 200: JobStatusSchema, 404: Problem, 503: Problem },
      },
    },
    async (request) => statusBody(await findJob(request.params.id)),
  );

  app.get(
    '/camera/scan/jobs/:id/events',
    {
      config: readLimit,
      schema: {
        tags: ['scanner'],
        summary:
          'Server-sent events: `status` at once, `progress` while it runs, then `completed` or `failed`',
        params: JobParams,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => streamJob(request, reply, request.params.id),
  );

  async function streamJob(request: FastifyRequest, reply: FastifyReply, id: string): Promise<void> {
    const first = await findJob(id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    let done = false;
    let unsubscribe: (() => void) | null = null;
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    const finish = (status: ScanJobStatus) => {
      if (done) return;
      done = true;
      send(status.state === 'completed' ? 'completed' : 'failed', statusBody(status));
      end();
    };
    const end = () => {
      done = true;
      clearInterval(keepAlive);
      unsubscribe?.();
      res.end();
    };
    request.raw.on('close', end);
    send('status', statusBody(first));
    if (first.state === 'completed' || first.state === 'failed') return finish(first);
    try {
      unsubscribe = await scans.queue.watch(id, (update) => {
        if (done) return;
        if (update.type === 'progress') send('progress', update.progress);
        else finish(update.status);
      });
      if (done) return unsubscribe();
      // It may have finished between the first look and the subscription.
      const now = await scans.queue.status(id);
      if (now && (now.state === 'completed' || now.state === 'failed')) finish(now);
    } catch (error) {
      send('error', { detail: error instanceof Error ? error.message : String(error), code: 'unavailable' });
      end();
    }
  }
};
