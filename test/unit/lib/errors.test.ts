import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  ExitCode,
  NotFoundError,
  RejectedError,
  ServerError,
  UnknownOutcomeError,
  UsageError,
  ValidationError,
  categoryForStatus,
  exitCodeFor,
} from '../../../src/lib/errors.js';

describe('exit codes', () => {
  it('maps each error category to the documented code', () => {
    expect(exitCodeFor(new UsageError('x'))).toBe(2);
    expect(exitCodeFor(new ValidationError([{ field: 'a', rule: 'b' }]))).toBe(2);
    expect(exitCodeFor(new AuthError('x'))).toBe(3);
    expect(exitCodeFor(new NotFoundError('x'))).toBe(4);
    expect(exitCodeFor(new RejectedError('x'))).toBe(5);
    expect(exitCodeFor(new ServerError('x'))).toBe(6);
    expect(exitCodeFor(new UnknownOutcomeError('x'))).toBe(7);
    expect(exitCodeFor(new Error('boom'))).toBe(ExitCode.unexpected);
  });

  it("classifies HTTP statuses as the seeds' error tables do", () => {
    expect(categoryForStatus(400)).toBe('usage');
    expect(categoryForStatus(401)).toBe('auth');
    expect(categoryForStatus(403)).toBe('auth');
    expect(categoryForStatus(404)).toBe('not-found');
    expect(categoryForStatus(409)).toBe('rejected');
    expect(categoryForStatus(422)).toBe('rejected');
    expect(categoryForStatus(500)).toBe('server');
    expect(categoryForStatus(503)).toBe('server');
    const error = new ApiError('rejected', 'm', { status: 409, method: 'POST', url: 'u' });
    expect(error.exitCode).toBe(5);
    expect(error.status).toBe(409);
  });
});

describe('ValidationError', () => {
  it('names field, rule and line for every issue', () => {
    const error = new ValidationError(
      [
        { field: 'countedQuantity', rule: 'must not be negative', line: 3 },
        { field: 'productId', rule: 'is required', line: 7 },
      ],
      'counts.csv',
    );
    expect(error.message).toBe('invalid input in counts.csv: 2 problems');
    expect(error.details).toEqual(['line 3: countedQuantity must not be negative', 'line 7: productId is required']);
    expect(error.hint).toMatch(/Nothing was sent/);
  });

  it('puts a single issue in the message', () => {
    expect(new ValidationError([{ field: '--quantity', rule: 'must be positive' }]).message).toBe(
      'invalid input: --quantity must be positive',
    );
  });
});
