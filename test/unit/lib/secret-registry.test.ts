import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SecretRegistry, scrubbingStream } from '../../../src/lib/redact.js';

describe('SecretRegistry (redaction by value)', () => {
  it('masks every remembered value, in its JSON-escaped and URL-encoded forms too', () => {
    const secrets = new SecretRegistry();
    secrets.remember('pa"ss\\word 42');
    const text = `raw pa"ss\\word 42 json ${JSON.stringify('pa"ss\\word 42')} url ${encodeURIComponent('pa"ss\\word 42')}`;
    expect(secrets.scrub(text)).toBe('raw [redacted] json "[redacted]" url [redacted]');
  });

  it('never searches for a short value (a CVV) or a plain word: data that equals it stays as it was', () => {
    // Behaviour change (issue 18): a short secret is masked where it travels, by name, never by value.
    const secrets = new SecretRegistry();
    secrets.remember('111');
    secrets.remember('true');
    expect(secrets.scrub('cvv 111 card 6001000000000111001 {"isActive": true}')).toBe(
      'cvv 111 card 6001000000000111001 {"isActive": true}',
    );
  });

  it('learns secrets from bodies: sensitive keys at any depth, jwt keys, JWTs in text', () => {
    const secrets = new SecretRegistry();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    secrets.rememberIn({
      Data: { AccessToken: 'tok-123456-Zq9w' },
      jwt: 'tok-abcdef-Xy7v',
      note: `here ${jwt}`,
      tokens: 'tokens-12345-abc',
    });
    expect(secrets.scrub('a tok-123456-Zq9w b tok-abcdef-Xy7v c tokens-12345-abc')).toBe(
      'a [redacted] b [redacted] c tokens-12345-abc',
    );
    expect(secrets.scrub(`x ${jwt} y`)).toBe('x [redacted] y');
  });

  it('forget lets a command show a secret once on stdout (messages still mask it); stdout keeps JWTs it was not told about', () => {
    const secrets = new SecretRegistry();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    secrets.remember('generated-secret-xyz-42');
    secrets.forget('generated-secret-xyz-42');
    expect(secrets.scrub(`generated-secret-xyz-42 ${jwt}`, false)).toBe(`generated-secret-xyz-42 ${jwt}`);
    expect(secrets.scrub('said generated-secret-xyz-42', true)).toBe('said [redacted]');
  });

  it('a scrubbing stream masks what is written through it', async () => {
    const secrets = new SecretRegistry();
    const sink = new PassThrough();
    const chunks: string[] = [];
    sink.on('data', (c) => chunks.push(String(c)));
    const stream = scrubbingStream(sink, secrets, true);
    secrets.remember('s3cret-value');
    stream.write('error: the service said s3cret-value\n');
    stream.write(Buffer.from('again s3cret-value\n'));
    await new Promise((r) => setImmediate(r));
    expect(chunks.join('')).toBe('error: the service said [redacted]\nagain [redacted]\n');
  });

  it('a run that learns secrets one at a time between writes (a fleet) masks every one known at every write, across recompiles', () => {
    const secrets = new SecretRegistry();
    const known: string[] = [];
    const filler = `${'{"productId":1001,"productName":"Plush toy (large, blue)","onHand":7}\n'.repeat(2000)}`;
    for (let i = 0; i < 60; i++) {
      const secret = `sk_${i}_${(i * 7919).toString(36)}Qz9!x${'abcdef'[i % 6]}${i * 31}`;
      secrets.remember(secret);
      known.push(secret);
      // Every secret learnt so far, in each form, and a big text now and then (past the point where one expression is compiled again).
      const text = `${known.map((k) => `${k} ${JSON.stringify(k)} ${encodeURIComponent(k)}`).join(' | ')}${i % 10 === 0 ? filler : ''}`;
      const scrubbed = secrets.scrub(text, false);
      for (const k of known) expect(scrubbed).not.toContain(k);
      expect(scrubbed).toContain('[redacted] "[redacted]" [redacted]');
    }
    // One secret within another: the longer is replaced whole, whichever came first.
    secrets.remember('inner-Secret-77x');
    secrets.remember('outer-inner-Secret-77x-tail9');
    expect(secrets.scrub('a outer-inner-Secret-77x-tail9 b inner-Secret-77x c', false)).toBe(
      'a [redacted] b [redacted] c',
    );
    // A secret shown once leaves data, stays out of messages.
    secrets.forget(known[0]!);
    expect(secrets.scrub(known[0]!, false)).toBe(known[0]);
    expect(secrets.scrub(known[0]!, true)).toBe('[redacted]');
    expect(secrets.scrub(known[1]!, false)).toBe('[redacted]');
  });
});
