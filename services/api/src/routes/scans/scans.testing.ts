/** For scanner route tests: the real app with a scan service, and multipart bodies built by hand. */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@scentinel/platform/config';
import type { ScanService } from '@scentinel/platform/scan-queue';
import Fastify, { type FastifyInstance } from 'fastify';
import { app } from '../../app.ts';
import { API_SERVER_OPTIONS } from '../../http/errors.ts';
import type { ScanRateLimits } from './scans.routes.ts';

/** Route tests upload more than an address may in a minute; `rateLimits` sets the real ones. */
const GENEROUS: ScanRateLimits = {
  uploads: { max: 10_000, timeWindowMs: 60_000 },
  reads: { max: 10_000, timeWindowMs: 60_000 },
};

export async function buildScanApp(
  scans: ScanService,
  rateLimits: ScanRateLimits = GENEROUS,
): Promise<FastifyInstance> {
  const server = Fastify({ ...API_SERVER_OPTIONS, logger: false });
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '.tmp/no-web-dist' }, process.cwd());
  await server.register(app, {
    deps: {
      config,
      health: async () => ({ eventLogPosition: 0, projections: [] }),
      scans,
      scanRateLimits: rateLimits,
    },
  });
  await server.ready();
  return server;
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body the way a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----scentinel${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The dialog's upload: `file` (named like a captured jpg) and `analysis_type`. */
export function scanForm(
  data: Buffer,
  analysisType?: string,
  filename = 'capture.jpg',
  contentType = 'image/jpeg',
) {
  const parts: Part[] = [{ name: 'file', filename, contentType, data }];
  if (analysisType !== undefined) parts.push({ name: 'analysis_type', value: analysisType });
  return multipart(parts);
}
