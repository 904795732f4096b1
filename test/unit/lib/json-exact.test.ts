import { describe, expect, it } from 'vitest';
import { parseJsonExact } from '../../../src/lib/json-exact.js';

describe('parseJsonExact', () => {
  it('keeps integers beyond 2^53 as their exact digits', () => {
    expect(parseJsonExact('{"productId":9007199254740993,"n":42}')).toEqual({ productId: '9007199254740993', n: 42 });
    expect(parseJsonExact('[123456789012345678901234567890, -9007199254740995]')).toEqual(['123456789012345678901234567890', '-9007199254740995']);
  });

  it('leaves safe numbers, decimals, exponents and strings alone', () => {
    const text = '{"a":9007199254740991,"b":1.5,"c":1e30,"card":"6001000000000000001","q":"say \\"12345678901234567890\\"","d":12345678901234567.5}';
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
    expect(stringifyJsonExact({ productId: jsonInteger('9007199254740993'), items: [{ id: jsonInteger('123456789012345678901234567890') }], n: 2 })).toBe(
      '{"productId":9007199254740993,"items":[{"id":123456789012345678901234567890}],"n":2}',
    );
    expect(stringifyJsonExact({ text: '\u0000bigint0\u0000' })).toBe(JSON.stringify({ text: '\u0000bigint0\u0000' }));
    expect(() => jsonInteger('12a')).toThrow(TypeError);
  });
});
