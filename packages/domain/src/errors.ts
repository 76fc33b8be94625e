/** Codes of the errors the domain rules throw. */
export const DOMAIN_ERROR_CODES = [
  'INVALID_AMOUNT',
  'INVALID_DATE',
  'INVALID_DURATION',
  'POLICY_NOT_VIEWABLE',
  'CANCELLATION_NOT_ALLOWED',
  'RENEWAL_UNSUPPORTED_STATUS',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** An error raised by a domain rule; the api maps `code` to its own AppError. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

/** Tells whether a value is a DomainError, optionally with the given code. */
export function isDomainError(value: unknown, code?: DomainErrorCode): value is DomainError {
  if (!(value instanceof DomainError)) return false;
  return code === undefined || value.code === code;
}
