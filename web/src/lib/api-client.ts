import { sessionToken } from './session.ts';

export const API_BASE = '/api';
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response';

/** Every failed call throws this: `status` is 0 when no HTTP answer arrived. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly detail: string | null;
  readonly code: string | null;
  /** The HTTP reason phrase ('' when none arrived). */
  readonly statusText: string;

  constructor(
    kind: ApiErrorKind,
    message: string,
    status = 0,
    detail: string | null = null,
    code: string | null = null,
    statusText = '',
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.statusText = statusText;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Builds `/api/<path>?<query>`; empty, null and undefined query values are left out. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${clean}${qs ? `?${qs}` : ''}`;
}

async function readProblem(response: Response): Promise<{ detail: string | null; code: string | null }> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const { detail, code } = body as { detail?: unknown; code?: unknown };
      return {
        detail: typeof detail === 'string' ? detail : null,
        code: typeof code === 'string' ? code : null,
      };
    }
  } catch {
    // Not JSON: no detail to show.
  }
  return { detail: null, code: null };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, timeoutMs = DEFAULT_TIMEOUT_MS, signal, headers = {} } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });

  const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) requestHeaders['Content-Type'] = 'application/json';
  const token = sessionToken();
  if (token) requestHeaders.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError('timeout', `Request to ${path} timed out after ${timeoutMs} ms`);
    if (signal?.aborted) throw error;
    throw new ApiError('network', `Network error calling ${path}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }

  if (!response.ok) {
    const { detail, code } = await readProblem(response);
    throw new ApiError(
      'http',
      detail ?? `${method} ${path} failed with ${response.status}`,
      response.status,
      detail,
      code,
      response.statusText,
    );
  }
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(
      'invalid-response',
      `${method} ${path} returned a body that is not JSON`,
      response.status,
    );
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The message a user sees for a failed call: the server's detail when it gave one. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
