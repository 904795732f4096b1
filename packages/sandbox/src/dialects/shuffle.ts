// Shuffled keys: a modifier of any dialect (`--shuffle-keys`). Every JSON
// object of an answer, at every depth, lists its keys in another order than
// the emulator wrote them: the same fields, in the order a server of another
// make would write them. The order is fixed per key list (every product of
// every page in the same order, as a real server's serializer keeps it), and
// never the order it was given in when there are two keys or more. A client
// that reads fields by position, or that is fast only for venue's own order,
// shows it here.

import { isObject } from './json.js';

/** FNV-1a over the text: a seed that is the same for the same key list, run after run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator from a seed. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const orders = new Map<string, readonly number[]>();

/** The order a key list is written in: a permutation of its positions, fixed per list, never the identity. */
export function shuffledOrder(keys: readonly string[]): readonly number[] {
  const signature = keys.join('\u0000');
  let order = orders.get(signature);
  if (order) return order;
  const next = generator(hash(signature));
  const positions = keys.map((_, i) => i);
  for (let i = positions.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [positions[i], positions[j]] = [positions[j]!, positions[i]!];
  }
  // A shuffle that left every key in place is turned once, so that no key list keeps its order.
  if (positions.length > 1 && positions.every((p, i) => p === i)) positions.push(positions.shift()!);
  order = positions;
  if (orders.size >= 10_000) orders.clear();
  orders.set(signature, order);
  return order;
}

/** The value with every object's keys in their shuffled order, at every depth. */
export function shuffleKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shuffleKeys);
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const out: Record<string, unknown> = {};
  for (const i of shuffledOrder(keys)) {
    const key = keys[i]!;
    // A key "__proto__" (from JSON) stays a field: defined, never assigned.
    Object.defineProperty(out, key, {
      value: shuffleKeys(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
