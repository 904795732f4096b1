// The inventory service keys categories, classes and tax groups by 10-character,
// space-padded strings ("SNACKS    "). People type "SNACKS"; the CLI pads.

export const PADDED_ID_LENGTH = 10;

export class PaddedIdTooLongError extends Error {
  constructor(readonly id: string) {
    super(`"${id}" is longer than ${PADDED_ID_LENGTH} characters`);
  }
}

/** Right-pads with spaces to 10 characters; rejects anything longer (after trimming trailing spaces). */
export function padId(id: string): string {
  const trimmed = id.replace(/\s+$/, '');
  if (trimmed.length > PADDED_ID_LENGTH) throw new PaddedIdTooLongError(id);
  return trimmed.padEnd(PADDED_ID_LENGTH, ' ');
}

/** For display: the id without its padding. */
export function unpadId(id: string): string {
  return id.replace(/\s+$/, '');
}

/** True when two ids are the same once padding is ignored. */
export function sameId(a: string, b: string): boolean {
  return unpadId(a) === unpadId(b);
}
