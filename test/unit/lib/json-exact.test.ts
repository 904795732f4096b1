import { describe, expect, it } from 'vitest';
import { hasLongDigitRun, parseJsonExact } from '../../../src/lib/json-exact.js';

describe('parseJsonExact', () => {
  it('keeps integers beyond 2^53 as their exact digits', () => {
    expect(parseJsonExact('{"productId":9007199254740993,"n":42}')).toEqual({ productId: '9007199254740993', n: 42 });
    expect(parseJsonExact('[123456789012345678901234567890, -9007199254740995]')).toEqual([
      '123456789012345678901234567890',
      '-9007199254740995',
    ]);
  });

  it('leaves safe numbers, decimals, exponents and strings alone', () => {
    const text =
      '{"a":9007199254740991,"b":1.5,"c":1e30,"card":"6001000000000000001","q":"say \\"12345678901234567890\\"","d":12345678901234567.5}';
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
  });

  it('fails on invalid JSON as JSON.parse does', () => {
    expect(() => parseJsonExact('{"a": 12345678901234567890,')).toThrow(SyntaxError);
  });
});

describe('long ids going out', () => {
  it('jsonInteger keeps safe ids as numbers and long ones exact; stringifyJsonExact writes them unquoted', async () => {
    const { jsonInteger, stringifyJsonExact } = await import('../../../src/lib/json-exact.js');
    expect(jsonInteger('1001')).toBe(1001);
    expect(jsonInteger('9007199254740993')).toBe(9007199254740993n);
    expect(
      stringifyJsonExact({
        productId: jsonInteger('9007199254740993'),
        items: [{ id: jsonInteger('123456789012345678901234567890') }],
        n: 2,
      }),
    ).toBe('{"productId":9007199254740993,"items":[{"id":123456789012345678901234567890}],"n":2}');
    expect(stringifyJsonExact({ text: '\u0000bigint0\u0000' })).toBe(JSON.stringify({ text: '\u0000bigint0\u0000' }));
    expect(() => jsonInteger('12a')).toThrow(TypeError);
  });
});

describe('hasLongDigitRun (the quick scan before the exact parse)', () => {
  it('finds a run of 16 or more digits wherever it stands, exactly as /\\d{16,}/ does', () => {
    const texts: string[] = ['', '1234567890123456', '123456789012345', '{"id":9007199254740993}', '{"a":"x"}'];
    for (let at = 0; at < 40; at++) {
      for (const length of [14, 15, 16, 17, 33]) {
        const digits = '7'.repeat(length);
        texts.push(
          `${'x'.repeat(at)}${digits}`,
          `${'x'.repeat(at)}${digits}y`,
          `${'1'.repeat(at % 3)}-${'x'.repeat(at)}${digits},1`,
        );
      }
      // Runs of 15 side by side, never 16.
      texts.push(`${'y'.repeat(at)}${'123456789012345,'.repeat(4)}`);
    }
    for (const text of texts) expect(hasLongDigitRun(text), text).toBe(/\d{16,}/.test(text));
  });

  it('agrees with /\\d{16,}/ on 2,000 texts of digit runs of every length at every offset', () => {
    let seed = 7;
    const random = (below: number) => (seed = (seed * 48271) % 2147483647) % below;
    let found = 0;
    for (let n = 0; n < 2_000; n++) {
      let text = 'x'.repeat(random(17));
      while (text.length < 60) text += `${'9'.repeat(random(18))}${',.:"-x'[random(6)]}`;
      const expected = /\d{16,}/.test(text);
      if (expected) found++;
      expect(hasLongDigitRun(text), text).toBe(expected);
    }
    // Both answers are common (the comparison is not of one answer).
    expect(found).toBeGreaterThan(200);
    expect(found).toBeLessThan(1_800);
  });

  it('keeps an id past 2^53 at the end of a long page exact', () => {
    const page = JSON.stringify({
      items: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `p${i}`, price: 12.5 })),
    });
    const text = `${page.slice(0, -1)},"last":12345678901234567890}`;
    expect((parseJsonExact(text) as { last: unknown }).last).toBe('12345678901234567890');
  });
});
