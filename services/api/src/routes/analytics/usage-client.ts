/**
 * Who is sending a usage event: the session and visitor ids from the client's headers, its user
 * agent, and its country from a CDN's header or, failing that, the region of its preferred
 * language. Also records sign-ins and registrations for the dashboard (the client reports those
 * events too) when the call carries a session id.
 */
import type { Actor, UsageCommand } from '@scentinel/domain';
import type { EventLog } from '@scentinel/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordUsage } from '../../application/usage/record-usage.ts';

export const SESSION_HEADER = 'x-session-id';
export const VISITOR_HEADER = 'x-visitor-id';
const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'x-vercel-ip-country',
  'cloudfront-viewer-country',
  'x-country-code',
];

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** ISO country code from a CDN header, else from the first `Accept-Language` tag with a region. */
export function countryOf(request: FastifyRequest): string | null {
  for (const name of COUNTRY_HEADERS) {
    const value = header(request, name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  const first = header(request, 'accept-language')?.split(',')[0]?.split(';')[0]?.trim();
  const region = first ? /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})$/i.exec(first)?.[1] : undefined;
  return region ? region.toUpperCase() : null;
}

export function usageClient(request: FastifyRequest) {
  return {
    session_id: header(request, SESSION_HEADER)?.trim() ?? '',
    visitor_id: header(request, VISITOR_HEADER)?.trim() ?? null,
    user_agent: header(request, 'user-agent') ?? null,
    country: countryOf(request),
  };
}

/**
 * Records a tracking command for the request's client session (`recordUsage`). Throws the
 * domain's validation error for bad input (nothing is written then).
 */
export function trackUsage(
  eventLog: Pick<EventLog, 'append'>,
  request: FastifyRequest,
  command: UsageCommand,
  actor: Actor | null,
  now: Date,
): Promise<void> {
  return recordUsage(eventLog, { actor, requestId: request.id }, command, now);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Sign-in and registration routes: their outcome is recorded as a usage event. */
    trackUsage?: 'login' | 'register';
  }
  interface FastifyRequest {
    /** The account a sign-in or registration concerned (set by its handler). */
    usageAccount: { id: string; role: string } | null;
  }
}

/**
 * Records the outcome of sign-in and registration calls (routes with `config.trackUsage`) once
 * they have answered, when the call carried a session id. Success is a 2xx answer; refusals for
 * credentials, roles or conflicts are failures; malformed or rate-limited calls are not recorded.
 * A failure to record is logged and never reaches the caller.
 */
export function trackAccountOutcomes(app: FastifyInstance, eventLog: EventLog, now: () => Date): void {
  app.decorateRequest('usageAccount', null);
  app.addHook('onResponse', async (request, reply) => {
    const kind = request.routeOptions.config.trackUsage;
    if (!kind || header(request, SESSION_HEADER) === undefined) return;
    const status = reply.statusCode;
    if (!(status < 300 || status === 401 || status === 403 || status === 409)) return;
    const success = status < 300;
    const client = usageClient(request);
    // A refused call names no account (the one it concerned may not exist).
    const account = success ? request.usageAccount : null;
    const command: UsageCommand =
      kind === 'login'
        ? { type: 'TrackLogin', data: { client, success, account_id: account?.id ?? null } }
        : {
            type: 'TrackRegistration',
            data: { client, success, role: account?.role ?? null, account_id: account?.id ?? null },
          };
    try {
      await trackUsage(eventLog, request, command, null, now());
    } catch (error) {
      request.log.warn({ err: error, kind }, 'could not record the usage event');
    }
  });
}
