/** Errors answered as meta/v1 Status objects, with the reason and code the real API server uses. */

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: { reason?: string; message?: string; field?: string }[];
  retryAfterSeconds?: number;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: StatusDetails,
  ) {
    super(message);
  }

  toStatus(): Record<string, unknown> {
    return failureStatus(this.code, this.reason, this.message, this.details);
  }
}

export function failureStatus(code: number, reason: string, message: string, details?: StatusDetails): Record<string, unknown> {
  const status: Record<string, unknown> = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason };
  if (details) status.details = details;
  status.code = code;
  return status;
}

export const notFoundPath = () =>
  new ApiError(404, 'NotFound', 'the server could not find the requested resource', {
    causes: [{ reason: 'UnexpectedServerResponse', message: '404 page not found' }],
  });

export const methodNotAllowed = () =>
  new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');

export const badRequest = (message: string) => new ApiError(400, 'BadRequest', message);
