/**
 * The one error type `decide` throws. `code` says what kind of refusal it is (the API maps it to an
 * HTTP status with `httpStatusForDomainError`); `detail` is a human sentence the client shows as is.
 */
export const domainErrorCodes = [
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'invalid_state',
] as const;

export type DomainErrorCode = (typeof domainErrorCodes)[number];

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    readonly detail: string,
    /** The input field at fault, when there is one (e.g. `cas_number`, `chemical_data[1].name`). */
    readonly field?: string,
  ) {
    super(detail);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** HTTP status for each code (problem bodies `{ detail, code }`). */
export function httpStatusForDomainError(code: DomainErrorCode): number {
  switch (code) {
    case 'validation':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
    case 'invalid_state':
      return 409;
    default: {
      const unknownCode: never = code;
      throw new Error(`Unknown domain error code: ${String(unknownCode)}`);
    }
  }
}

export const validationError = (detail: string, field?: string): DomainError =>
  new DomainError('validation', detail, field);
