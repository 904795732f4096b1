// The sandbox's one error shape (docs/api-conventions.md): every route throws
// SandboxHttpError and the core's error handler renders it.

export interface ErrorDetail {
  field: string;
  rule: string;
}

export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): { error: { status: number; code: string; message: string; details?: ErrorDetail[] } } {
    return {
      error: {
        status: this.status,
        code: this.code,
        message: this.message,
        ...(this.details.length ? { details: this.details } : {}),
      },
    };
  }
}

export const badRequest = (message: string, details: ErrorDetail[] = []) =>
  new SandboxHttpError(400, 'validation_failed', message, details);
export const notFound = (message: string) => new SandboxHttpError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new SandboxHttpError(409, code, message);
export const unprocessable = (message: string, code: string, details: ErrorDetail[] = []) =>
  new SandboxHttpError(422, code, message, details);
