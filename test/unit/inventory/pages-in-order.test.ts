// pagesInOrder: pages come in order, `concurrency` in flight; the next pages
// are asked for while the consumer handles the first (a fleet's venues sat
// idle for a whole round trip after each first page); paging one at a time
// (--limit) asks for no page before the consumer wants it.

import { describe, expect, it } from 'vitest';
import { pagesInOrder } from '../../../src/lib/inventory/client.js';
import type { Page } from '../../../src/lib/inventory/types.js';

function service(totalPages: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<Page<number>> => {
    asked.push(page);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { items: [page], page, pageSize: 1, more: page < totalPages, totalPages, totalItems: totalPages };
  };
  return { asked, fetchPage };
}

describe('pagesInOrder', () => {
  it('asks for the next pages before handing the first on', async () => {
    const { asked, fetchPage } = service(10);
    const pages = pagesInOrder(fetchPage, { concurrency: 4 });
    const first = await pages.next();
    expect(first.value).toEqual([1]);
    // While the consumer holds page 1, pages 2 to 5 are already on their way.
    expect(asked).toEqual([1, 2, 3, 4, 5]);
    const rest: number[] = [];
    for await (const items of pages) rest.push(...items);
    expect(rest).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads a page when the consumer takes it: the pages waiting their turn hold only what was fetched', async () => {
    const { asked, fetchPage } = service(10);
    const read: number[] = [];
    const pages = pagesInOrder(fetchPage, { concurrency: 4 }, (items) => {
      read.push(...items);
      return items.map((item) => `page ${item}`);
    });
    expect((await pages.next()).value).toEqual(['page 1']);
    // Pages 2 to 5 are on their way (or here), and none of them is read yet.
    expect(asked).toEqual([1, 2, 3, 4, 5]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toEqual([1]);
    expect((await pages.next()).value).toEqual(['page 2']);
    expect(read).toEqual([1, 2]);
    const rest: string[] = [];
    for await (const items of pages) rest.push(...items);
    expect(rest).toEqual([3, 4, 5, 6, 7, 8, 9, 10].map((n) => `page ${n}`));
    expect(read).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('one at a time asks for no page before the consumer wants it (a consumer that stops after page 1 caused one request)', async () => {
    const { asked, fetchPage } = service(10);
    const pages = pagesInOrder(fetchPage, { concurrency: 1 });
    expect((await pages.next()).value).toEqual([1]);
    expect(asked).toEqual([1]);
    await pages.return(undefined);
    expect(asked).toEqual([1]);
  });
});
