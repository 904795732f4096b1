// JSON pointers inside one document (RFC 6901 in a URI fragment: "#/components/schemas/Product").
// After loading (load.ts) every $ref is internal, so reading a schema is
// following these pointers; a chain of $refs is followed to its end, a loop
// stops.

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Values that are data, not schema: a $ref inside an example or a default is
 * text the vendor shows (Square's examples hold "$ref": "squareup.common.Number"),
 * and extensions (x-…) are the vendor's own tooling's business.
 */
const LITERAL_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Every $ref string in the document and where it is written ("#/paths/~1items/get"); none inside examples, defaults or x- extensions. */
export function findRefs(document: unknown): Array<{ ref: string; at: string }> {
  const found: Array<{ ref: string; at: string }> = [];
  const stack: Array<{ value: unknown; at: string; inProperties?: boolean }> = [{ value: document, at: '#' }];
  while (stack.length) {
    const { value, at, inProperties } = stack.pop()!;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        if (value[i] !== null && typeof value[i] === 'object') stack.push({ value: value[i], at: `${at}/${i}` });
    } else if (isObject(value)) {
      if (typeof value.$ref === 'string') found.push({ ref: value.$ref, at });
      for (const key of Object.keys(value)) {
        // A property may be named "default" or "example": under properties it is a schema like any other.
        if (!inProperties && (LITERAL_KEYS.has(key) || key.startsWith('x-'))) continue;
        const child = value[key];
        if (child !== null && typeof child === 'object')
          stack.push({
            value: child,
            at: `${at}/${escapeToken(key)}`,
            inProperties: key === 'properties' && !inProperties,
          });
      }
    }
  }
  return found;
}

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** What "#/a/b" points at in the document; undefined when nothing is there. */
export function pointerTarget(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return document;
  if (!fragment.startsWith('/')) return undefined;
  let here: unknown = document;
  for (const raw of fragment.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(here) && /^\d+$/.test(token)) here = here[Number(token)];
    else if (isObject(here) && Object.hasOwn(here, token)) here = here[token];
    else return undefined;
  }
  return here;
}

/** The value with its $ref chain followed (at most 20 steps); the value itself when it has no $ref. */
export function deref(document: unknown, value: unknown): unknown {
  let here = value;
  for (let steps = 0; steps < 20 && isObject(here) && typeof here.$ref === 'string'; steps++) {
    const next = pointerTarget(document, here.$ref);
    if (next === undefined) return undefined;
    here = next;
  }
  return here;
}
