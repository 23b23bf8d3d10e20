import { DomainError } from '@scentinel/domain';
import { WrongExpectedVersionError } from '@scentinel/platform';
import { describe, expect, it } from 'vitest';
import { HttpError, toProblem } from './errors.ts';

describe('toProblem', () => {
  it('maps domain error codes to statuses and keeps their detail', () => {
    expect(toProblem(new DomainError('validation', 'Chemical name is required'))).toEqual({
      status: 400,
      body: { detail: 'Chemical name is required', code: 'validation' },
    });
    expect(toProblem(new DomainError('not_found', 'Chemical x not found')).status).toBe(404);
    expect(toProblem(new DomainError('forbidden', 'Only an administrator can')).status).toBe(403);
    expect(toProblem(new DomainError('unauthorized', 'Please sign in')).status).toBe(401);
    expect(toProblem(new DomainError('conflict', 'Duplicate')).status).toBe(409);
  });

  it('answers 409 for a stale expected version', () => {
    const p = toProblem(new WrongExpectedVersionError('chemical:1', 3, 4));
    expect(p.status).toBe(409);
    expect(p.body.code).toBe('conflict');
  });

  it('turns validation failures into a 400 naming the field', () => {
    const missing = Object.assign(new Error('body must have required properties name'), {
      validation: [{ instancePath: '', keyword: 'required', params: { requiredProperties: ['name'] } }],
      validationContext: 'body',
    });
    expect(toProblem(missing)).toEqual({
      status: 400,
      body: { detail: "Invalid body: 'name' is required", code: 'validation' },
    });
    const wrongType = Object.assign(new Error('x'), {
      validation: [{ instancePath: '/limit', keyword: 'type', message: 'must be integer', params: {} }],
      validationContext: 'querystring',
    });
    expect(toProblem(wrongType).body.detail).toBe("Invalid querystring: 'limit' must be integer");
  });

  it('keeps HttpError statuses and never leaks internals on a 5xx', () => {
    expect(toProblem(new HttpError(413, 'File size too large.'))).toEqual({
      status: 413,
      body: { detail: 'File size too large.', code: 'payload_too_large' },
    });
    const crash = toProblem(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(crash.status).toBe(500);
    expect(crash.body.detail).not.toMatch(/undefined/);
  });

  it('answers 400, never 500, for Postgres data exceptions', () => {
    for (const code of ['22021', '22P05', '22P02', '22001', '54000']) {
      const err = Object.assign(new Error('invalid byte sequence'), { code });
      expect(toProblem(err)).toMatchObject({ status: 400, body: { code: 'invalid_value' } });
    }
    expect(toProblem(Object.assign(new Error('relation missing'), { code: '42P01' })).status).toBe(500);
  });

  it('answers 400 for a multipart body the parser cannot read', () => {
    for (const message of [
      'Multipart: Boundary not found',
      'Unexpected end of form',
      'Malformed part header',
    ]) {
      expect(toProblem(new Error(message))).toMatchObject({ status: 400, body: { code: 'bad_multipart' } });
    }
    const notMultipart = Object.assign(new Error('the request is not multipart'), {
      code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
      statusCode: 406,
    });
    expect(toProblem(notMultipart)).toMatchObject({ status: 400, body: { code: 'bad_multipart' } });
  });

  it('keeps the headers an HttpError carries', () => {
    const err = new HttpError(503, 'Busy', 'unavailable', { 'retry-after': '30' });
    expect(err.headers).toEqual({ 'retry-after': '30' });
  });
});
