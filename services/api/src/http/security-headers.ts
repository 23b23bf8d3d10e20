import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy the server sends with every answer (page and API). The built page
 * loads only its own scripts, styles and fonts, talks only to its own origin, and shows perfume
 * pictures from the catalogue's many image hosts (any https address) and the scanner's preview
 * (blob: and data: URLs). Nothing may frame the page. Checked in Chromium by
 * `e2e/security.e2e.spec.ts`.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // Style attributes set from script (chart tooltips, virtualised grid offsets) are allowed; style
  // and script elements still come only from the site's own files.
  'style-src-elem': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** What helmet is asked for: the policy above and the headers around it. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
};

/**
 * The headers helmet sets for `options`, worked out once: helmet's middleware is run against a
 * stand-in response that records what it sets (the set depends only on the options, not on the
 * request).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of an API answer (JSON, an event stream, an error): a data answer is never a page,
 * so its policy allows nothing at all (`default-src 'none'`: were a browser ever to render one as
 * a document, no script, style or image would load) and nothing may frame it; it is not sniffed
 * for another type, is read only by the site itself, and is fetched over HTTPS only. The page's
 * other headers (its policy's sources, opener, DNS prefetch, download and cross-domain policy
 * switches) speak of documents and are left off, which also keeps every answer of a
 * search-as-you-type or tracking call about 700 bytes shorter.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export interface SecurityHeaderOptions {
  /** What helmet is asked for on pages and their assets. */
  page: HelmetOptions;
  /**
   * Paths (a prefix) whose answers are API answers and get `API_HEADERS`, except the pages under
   * `except` (the API's browsable docs are a page).
   */
  api: { prefix: string; except: readonly string[] };
}

/**
 * Standard security headers on every answer (errors and 404s included): the page's on pages and
 * assets, `API_HEADERS` on API answers. The same as registering `@fastify/helmet`, which rebuilds
 * helmet's middleware (and re-parses the policy) on every request; here the headers are worked out
 * at start and each request only copies them.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeaderOptions) => {
    const page = Object.entries(helmetHeaders(options.page));
    const api = Object.entries(API_HEADERS);
    const { prefix, except } = options.api;
    const isApi = (url: string) => url.startsWith(prefix) && !except.some((p) => url.startsWith(p));
    // Set on the raw response, as helmet does, so answers written past Fastify (a hijacked
    // event stream) carry them too.
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of isApi(request.url) ? api : page) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'scentinel-security-headers' },
);

/** Where the server's API answers are: under `/api/`, but for the browsable docs page. */
export const SECURITY_HEADER_OPTIONS: SecurityHeaderOptions = {
  page: HELMET_OPTIONS,
  api: { prefix: '/api/', except: ['/api/docs'] },
};
