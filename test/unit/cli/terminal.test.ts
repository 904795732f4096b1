import { describe, expect, it } from 'vitest';
import { colourWanted } from '../../../src/cli/terminal.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

describe('colour', () => {
  it('follows the TTY, NO_COLOR, FORCE_COLOR and --no-color', () => {
    expect(colourWanted(true, false, {})).toBe(true);
    expect(colourWanted(false, false, {})).toBe(false);
    expect(colourWanted(true, false, { NO_COLOR: '1' })).toBe(false);
    expect(colourWanted(false, false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourWanted(true, false, { FORCE_COLOR: '0' })).toBe(false);
    expect(colourWanted(true, true, { FORCE_COLOR: '1' })).toBe(false);
    expect(colourWanted(true, false, { TERM: 'dumb' })).toBe(false);
  });
});

describe('prompting', () => {
  it('is allowed only with a TTY, without --no-input and outside CI', () => {
    expect(fakeTerminal({ tty: true }).terminal.canPrompt()).toBe(true);
    expect(fakeTerminal({ tty: false }).terminal.canPrompt()).toBe(false);
    expect(fakeTerminal({ tty: true, noInput: true }).terminal.canPrompt()).toBe(false);
    expect(fakeTerminal({ tty: true, env: { CI: 'true' } }).terminal.canPrompt()).toBe(false);
  });
});

describe('messages', () => {
  it('go to stderr, and --quiet keeps only warnings and notes', () => {
    const loud = fakeTerminal();
    loud.terminal.info('hello');
    loud.terminal.write('data\n');
    expect(loud.stderr()).toBe('hello\n');
    expect(loud.stdout()).toBe('data\n');
    const quiet = fakeTerminal({ quiet: true });
    quiet.terminal.info('hidden');
    quiet.terminal.note('sandbox', '[sandbox] marked');
    quiet.terminal.note('sandbox', '[sandbox] marked');
    quiet.terminal.warn('careful');
    expect(quiet.stderr()).toBe('[sandbox] marked\nwarning: careful\n');
  });

  it('draws no spinner or progress without a TTY', async () => {
    const fake = fakeTerminal();
    const spinner = await fake.terminal.spinner('working');
    spinner.succeed('done');
    const progress = fake.terminal.progress('rows', 10);
    progress.tick(5);
    progress.done('finished');
    expect(fake.stderr()).toBe('');
  });
});
