/**
 * Text hygiene at the edge: every string the API takes (the address, the query string, path ids,
 * JSON and text bodies, and the headers it reads) must be valid Unicode without NUL characters.
 * Postgres cannot store a NUL in text or JSON, a lone UTF-16 surrogate is not a character at all,
 * and bytes that are not UTF-8 would otherwise be replaced silently. Such requests are refused with
 * 400 (a body in another charset with 415) before any route runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

export type TextFault = 'nul' | 'surrogate' | 'utf8';

export const INVALID_TEXT_CODE = 'invalid_text';

const FAULT_TEXT: Record<TextFault, string> = {
  nul: 'holds a NUL character (U+0000), which is not accepted',
  surrogate: 'holds invalid Unicode (a lone surrogate), which is not accepted',
  utf8: 'is not valid UTF-8',
};

/** The 400 a request with a bad string gets; `where` names the part (e.g. "the body field 'email'"). */
export function invalidText(where: string, fault: TextFault): HttpError {
  const what = where.charAt(0).toUpperCase() + where.slice(1);
  return new HttpError(400, `${what} ${FAULT_TEXT[fault]}`, INVALID_TEXT_CODE);
}

/** What is wrong with one string, or null. */
export function textFault(value: string): TextFault | null {
  if (value.includes('\u0000')) return 'nul';
  if (!(value as unknown as { isWellFormed(): boolean }).isWellFormed()) return 'surrogate';
  return null;
}

/**
 * The first bad string (or object key) in a parsed value, with its path (`a.b[2]`); null when all
 * are fine. Walks iteratively, so a deeply nested body cannot overflow the stack.
 */
export function findTextFault(root: unknown): { path: string; fault: TextFault } | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const fault = textFault(value);
      if (fault) return { path, fault };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value[i], `${path}[${i}]`]);
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const key of Object.keys(value)) {
        const fault = textFault(key);
        if (fault) return { path: path || 'a field name', fault };
        stack.push([(value as Record<string, unknown>)[key], path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Decodes UTF-8, or null when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * What is wrong with a request target: a raw or percent-encoded NUL, percent-encoded bytes that
 * are not UTF-8 (an encoded surrogate included), or a lone surrogate in the string itself.
 */
export function urlFault(url: string): TextFault | null {
  const raw = textFault(url);
  if (raw) return raw;
  if (!url.includes('%')) return null;
  for (const match of url.matchAll(PERCENT_RUN)) {
    const run = match[0];
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    const decoded = decodeUtf8(bytes);
    if (decoded === null) return 'utf8';
    if (decoded.includes('\u0000')) return 'nul';
  }
  return null;
}

/** The request headers the API reads (sessions, admin key, usage tracking, negotiation). */
export const HEADERS_READ = [
  'authorization',
  'x-admin-key',
  'x-session-id',
  'x-visitor-id',
  'user-agent',
  'accept-language',
  'cf-ipcountry',
  'x-vercel-ip-country',
  'cloudfront-viewer-country',
  'x-country-code',
  'content-type',
] as const;

const PRINTABLE_ASCII = /^[\u0020-\u007e\t]*$/;

/**
 * What is wrong with a header value. A value from the socket is one character per byte (latin1):
 * bytes above 0x7f must form UTF-8.
 */
export function headerFault(value: string): TextFault | null {
  // Almost every header is printable ASCII: one pass settles it.
  if (PRINTABLE_ASCII.test(value)) return null;
  const fault = textFault(value);
  if (fault) return fault;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is for bytes outside ASCII
  if (/^[\u0000-\u007f]*$/.test(value) || /[^\u0000-\u00ff]/.test(value)) return null;
  return decodeUtf8(Buffer.from(value, 'latin1')) === null ? 'utf8' : null;
}

/** Media types whose body is text and must be UTF-8. */
const TEXT_BODY = /^(?:application\/(?:[\w.+-]*\+)?json|text\/[\w.+-]+|application\/x-www-form-urlencoded)$/i;

/** The charset a `Content-Type` names, lower-cased, or null. */
export function charsetOf(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return match ? match[2]!.toLowerCase() : null;
}

export const UNSUPPORTED_CHARSET_DETAIL = 'Send text bodies as UTF-8 (charset=utf-8)';

function checkRequest(request: FastifyRequest): void {
  const fault = urlFault(request.raw.url ?? request.url);
  if (fault) throw invalidText('the address', fault);
  for (const name of HEADERS_READ) {
    const value = request.headers[name];
    if (typeof value !== 'string') continue;
    const headerProblem = headerFault(value);
    if (headerProblem) throw invalidText(`the header ${name}`, headerProblem);
  }
  const contentType = request.headers['content-type'];
  if (typeof contentType === 'string') {
    const mediaType = contentType.split(';')[0]!.trim();
    const charset = charsetOf(contentType);
    if (TEXT_BODY.test(mediaType) && charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      throw new HttpError(415, UNSUPPORTED_CHARSET_DETAIL, 'unsupported_media_type');
    }
  }
}

function checkParsed(request: FastifyRequest): void {
  const params = findTextFault(request.params);
  if (params) throw invalidText(`the path parameter '${params.path}'`, params.fault);
  const query = findTextFault(request.query);
  if (query) throw invalidText(`the query parameter '${query.path}'`, query.fault);
}

async function inputGuardPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => checkRequest(request));
  app.addHook('preValidation', async (request) => checkParsed(request));

  // JSON and plain-text bodies: strict UTF-8, then the usual (prototype-poisoning safe) JSON parse,
  // then every string checked.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) return done(invalidText('the request body', 'utf8'), undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const fault = findTextFault(value);
      if (fault) {
        const where = fault.path ? `the body field '${fault.path}'` : 'the request body';
        return done(invalidText(where, fault.fault), undefined);
      }
      done(null, value);
    });
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) return done(invalidText('the request body', 'utf8'), undefined);
    const fault = textFault(text);
    if (fault) return done(invalidText('the request body', fault), undefined);
    done(null, text);
  });
}

/** Registers the checks on the enclosing instance and every route under it (fastify-plugin). */
export const inputGuard = fp(inputGuardPlugin, { name: 'scentinel-input-guard' });
