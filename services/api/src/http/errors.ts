import type { Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isDatabaseUnavailableError, isPgDataError } from '@scentinel/platform';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply } from 'fastify';

/** The one problem body the API answers with on any error; the client shows `detail`. */
export interface ProblemBody {
  detail: string;
  code: string;
}

/** An error a route throws on purpose, with the status and the text the user should see. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code = codeForStatus(statusCode),
    /** Response headers that go with the refusal (e.g. `retry-after` on a 429 or 503). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 408:
      return 'timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 431:
      return 'headers_too_large';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'error';
  }
}

/** What a 503 for an unreachable database asks the client to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Domain error codes (services/domain `DomainError.code`) → HTTP status. */
const DOMAIN_STATUS = new Map<string, number>([
  ['validation', 400],
  ['not_found', 404],
  ['conflict', 409],
  ['forbidden', 403],
  ['unauthorized', 401],
  ['invalid_state', 409],
]);

export const INVALID_VALUE_DETAIL =
  'The request holds a value that cannot be stored (a NUL character, invalid Unicode or a malformed value)';
export const BAD_MULTIPART_DETAIL =
  'The upload is not valid multipart/form-data (missing or wrong boundary, or a truncated body)';

/** Errors the multipart parser (busboy) throws for a body it cannot read, which carry no status. */
export function isMultipartParseError(err: unknown): boolean {
  if (!(err instanceof Error) || typeof (err as { statusCode?: unknown }).statusCode === 'number')
    return false;
  return /^Multipart: |^Unexpected end of (?:form|multipart data)|^Malformed part header/.test(err.message);
}

interface DomainLikeError {
  name: string;
  code: string;
  detail?: string;
  message: string;
}

function isDomainError(err: unknown): err is DomainLikeError {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { name?: unknown }).name === 'DomainError' &&
    typeof (err as { code?: unknown }).code === 'string'
  );
}

/** Maps any thrown error to a status and a problem body. Never leaks internals on a 5xx. */
export function toProblem(err: unknown): { status: number; body: ProblemBody } {
  if (err instanceof HttpError)
    return { status: err.statusCode, body: { detail: err.detail, code: err.code } };
  if (isDomainError(err)) {
    const status = DOMAIN_STATUS.get(err.code) ?? 400;
    return { status, body: { detail: err.detail ?? err.message, code: err.code } };
  }
  if (err instanceof Error && err.name === 'WrongExpectedVersionError') {
    return {
      status: 409,
      body: {
        detail: 'This record was changed by someone else since you loaded it. Reload and try again.',
        code: 'conflict',
      },
    };
  }
  // A backstop: writes that claim unique keys turn this into the domain's conflict themselves.
  if (err instanceof Error && err.name === 'UniqueKeyTakenError') {
    return { status: 409, body: { detail: 'This name or number is already taken.', code: 'conflict' } };
  }
  // The database went away (restart, failover, network): the client may try again shortly.
  if (isDatabaseUnavailableError(err)) {
    return {
      status: 503,
      body: {
        detail: 'The database cannot be reached right now; please try again in a few seconds.',
        code: 'unavailable',
      },
    };
  }
  // A backstop: the input checks refuse such values before any query runs.
  if (isPgDataError(err))
    return { status: 400, body: { detail: INVALID_VALUE_DETAIL, code: 'invalid_value' } };
  if (
    isMultipartParseError(err) ||
    (err as { code?: unknown })?.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
  ) {
    return { status: 400, body: { detail: BAD_MULTIPART_DETAIL, code: 'bad_multipart' } };
  }
  const fe = err as Partial<FastifyError> & { validation?: unknown[]; validationContext?: string };
  if (fe && Array.isArray(fe.validation)) {
    return { status: 400, body: { detail: validationDetail(fe), code: 'validation' } };
  }
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, body: { detail: clientDetail(fe, status), code: codeForStatus(status) } };
  }
  return {
    status: 500,
    body: { detail: 'An unexpected error occurred. Please try again later.', code: 'internal_error' },
  };
}

function validationDetail(fe: {
  message?: string;
  validationContext?: string;
  validation?: unknown[];
}): string {
  const first = fe.validation?.[0] as
    | { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> }
    | undefined;
  const where = fe.validationContext ?? 'request';
  if (!first) return `Invalid ${where}`;
  const params = first.params ?? {};
  const missing = params.missingProperty ?? params.requiredProperty ?? firstOf(params.requiredProperties);
  if (typeof missing === 'string') return `Invalid ${where}: '${missing}' is required`;
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const extra = params.additionalProperty;
  if (typeof extra === 'string') return `Invalid ${where}: unknown field '${extra}'`;
  // TypeBox compiles `additionalProperties: false` to a `false` schema on the unknown property.
  if (first.keyword === 'boolean' || first.message === 'schema is false') {
    return `Invalid ${where}: unknown field '${field}'`;
  }
  return `Invalid ${where}: ${field ? `'${field}' ` : ''}${first.message ?? 'is invalid'}`;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

function clientDetail(fe: Partial<FastifyError>, status: number): string {
  if (fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return BAD_MULTIPART_DETAIL;
  if (fe.code === 'FST_FILES_LIMIT' || fe.code === 'FST_PARTS_LIMIT' || fe.code === 'FST_FIELDS_LIMIT') {
    return 'The upload has too many parts: send one "file" and at most a few fields';
  }
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported content type';
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'Request body is not valid JSON';
  }
  return fe.message ?? 'Bad request';
}

/**
 * One error handler and one not-found handler for the whole app. With `spaIndex`, a GET outside
 * `/api` that matches no file answers the page (there is one route, `/`).
 */
export function registerErrorHandling(app: FastifyInstance, options: { spaIndex?: boolean } = {}): void {
  app.setErrorHandler((err, request, reply) => {
    const { status, body } = toProblem(err);
    if (err instanceof HttpError) reply.headers(err.headers);
    else if (status === 503) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, code: body.code, detail: body.detail }, 'request refused');
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    // The page for any other GET outside the API, but never for a missing asset (a script request
    // must not get HTML).
    if (
      options.spaIndex &&
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/')
    ) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ detail: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
  });
}

/** Longest a client may take to send one whole request (headers and body), in ms. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Longest a client may take to send a request's headers, in ms. */
export const HEADERS_TIMEOUT_MS = 15_000;

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers over 16 kB, a request
 * not received in time, a malformed request line): the same `{detail, code}` body, then close.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let detail = 'The request could not be read (malformed HTTP)';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    detail = 'The request was not received in time (the body stalled or came too slowly)';
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    detail = 'The request headers (the address and query string included) are larger than 16 kB';
  }
  const body = JSON.stringify({ detail, code: codeForStatus(status) } satisfies ProblemBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Fastify server options every instance of the API uses (the server and the route tests): errors
 * Fastify raises before any route runs (a malformed percent-encoding, a path parameter over the
 * limit) answer with the same `{detail, code}` body as every other error; a path parameter may hold
 * a 200-character brand percent-encoded (up to 9 characters per character). A request must arrive
 * whole within `REQUEST_TIMEOUT_MS` (its headers within `HEADERS_TIMEOUT_MS`); Node checks every
 * two seconds, so a stalled upload is closed with a 408 soon after.
 */
export const API_SERVER_OPTIONS: Pick<
  FastifyHttpOptions<Server>,
  'bodyLimit' | 'routerOptions' | 'frameworkErrors' | 'requestTimeout' | 'clientErrorHandler' | 'http'
> = {
  bodyLimit: 1_048_576,
  routerOptions: { maxParamLength: 2_000 },
  requestTimeout: REQUEST_TIMEOUT_MS,
  http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 2_000 },
  clientErrorHandler: clientErrorHandler as FastifyHttpOptions<Server>['clientErrorHandler'],
  frameworkErrors(error, _request, reply) {
    const code = error.statusCode ?? 400;
    const status = code >= 400 && code < 500 ? code : 400;
    // Percent-encoded bytes that are not UTF-8 (an encoded surrogate included) stop the router too.
    const detail =
      error.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid: it holds a malformed percent-encoding'
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'The address is too long'
          : error.message || 'Bad request';
    const body: ProblemBody = { detail, code: codeForStatus(status) };
    // The option's generic reply type admits no plain status; this reply is a plain FastifyReply.
    (reply as unknown as FastifyReply).status(status).send(body);
  },
};
