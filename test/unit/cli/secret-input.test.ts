import { describe, expect, it } from 'vitest';
import { missingValue } from '../../../src/lib/questions.js';
import { InquirerPrompter } from '../../../src/cli/prompter.js';
import { readSecret } from '../../../src/cli/secret-input.js';
import { tokenFrom } from '../../../src/lib/token-response.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

describe('readSecret', () => {
  it('reads an environment variable', async () => {
    const { terminal } = fakeTerminal();
    const value = await readSecret(
      terminal,
      new InquirerPrompter(terminal),
      { MY_SECRET: 'abc' },
      { fromEnv: 'MY_SECRET', prompt: 'p', flags: '--x' },
    );
    expect(value).toBe('abc');
  });

  it('reads stdin, dropping only the final newline', async () => {
    const { terminal } = fakeTerminal({ stdin: '  pass word \n' });
    const value = await readSecret(
      terminal,
      new InquirerPrompter(terminal),
      {},
      { fromStdin: true, prompt: 'p', flags: '--x' },
    );
    expect(value).toBe('  pass word ');
  });

  it('refuses to prompt without a TTY and names the flags', async () => {
    const { terminal } = fakeTerminal();
    await expect(
      readSecret(terminal, new InquirerPrompter(terminal), {}, { prompt: 'p', flags: '--password-stdin' }),
    ).rejects.toThrow(/--password-stdin/);
  });

  it('applies the validator', async () => {
    const { terminal } = fakeTerminal({ stdin: 'short' });
    await expect(
      readSecret(
        terminal,
        new InquirerPrompter(terminal),
        {},
        {
          fromStdin: true,
          prompt: 'p',
          flags: '--x',
          validate: (v) => (v.length >= 16 ? true : 'secret must have at least 16 characters'),
        },
      ),
    ).rejects.toThrow(/at least 16/);
  });
});

describe('prompter without a TTY', () => {
  it('turns every question into a usage error naming the flag', async () => {
    const { terminal } = fakeTerminal();
    const prompter = new InquirerPrompter(terminal);
    await expect(prompter.confirm('Sure?', { flag: '--yes' })).rejects.toThrow(/missing --yes/);
    expect(missingValue('--email').exitCode).toBe(2);
  });
});

describe('token answers', () => {
  it('are read whatever the service calls the token', () => {
    expect(tokenFrom({ accessToken: 'a' }, 's')).toBe('a');
    expect(tokenFrom({ token: 'b' }, 's')).toBe('b');
    expect(tokenFrom({ data: { access_token: 'c' } }, 's')).toBe('c');
    expect(() => tokenFrom({}, 'wallet')).toThrow(/has no token/);
    expect(tokenFrom({ AccessToken: 'd' }, 's')).toBe('d');
    expect(tokenFrom({ data: { Jwt: 'e' } }, 's')).toBe('e');
    expect(tokenFrom({ Token: { Value: 'f' } }, 's')).toBe('f');
  });
});
