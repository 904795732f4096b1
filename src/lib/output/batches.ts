// Rows as they stream from a service, taken a page (or 500 rows) at a time,
// and at most --limit of them.

import type { Row } from './row-shape.js';

/** At most `limit` rows of a source; leaving the loop early ends the source (no more pages are fetched). */
export async function* limited(
  source: AsyncIterable<Row> | AsyncIterable<Row[]>,
  limit: number,
): AsyncGenerator<Row[]> {
  let left = limit;
  if (left <= 0) return;
  for await (const batch of batches(source)) {
    yield batch.length > left ? batch.slice(0, left) : batch;
    left -= batch.length;
    if (left <= 0) return;
  }
}

/**
 * Rows arrive one at a time or a page at a time (arrays); either way they
 * are handled in batches, so a page costs one turn of the loop, not hundreds.
 */
export async function* batches(source: AsyncIterable<Row> | AsyncIterable<Row[]>): AsyncGenerator<Row[]> {
  let single: Row[] = [];
  for await (const item of source as AsyncIterable<Row | Row[]>) {
    if (Array.isArray(item)) {
      if (single.length) yield single.splice(0);
      yield item;
    } else {
      single.push(item);
      if (single.length >= 500) yield single.splice(0);
    }
  }
  if (single.length) yield single;
}
