// Small text rules shared by the zod schemas, the prompts and the hints,
// kept apart so that printing help or a hint does not load zod.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** Quotes a value for the copy-paste commands in hints (the hint helper's: lib/hint-command.ts). */
export { shellQuote } from '../hint-command.js';
