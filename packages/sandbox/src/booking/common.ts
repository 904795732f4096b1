// Helpers shared by the booking emulator's route files.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { detailsFrom } from '../rules/issues.js';
import { badRequest, notFound } from '../http-error.js';
import type { BookingState } from './state.js';

/** The parsed value, or 400 validation_failed listing every field and rule. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw badRequest(`invalid ${what}`, detailsFrom(result.error, value ?? {}));
}

export function secretMatches(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function experienceOr404(state: BookingState, id: string) {
  const experience = state.experiences.find((e) => e.id === id);
  if (!experience) throw notFound(`experience ${id} not found`);
  return experience;
}
