// A real interactive shell (bash, zsh or fish) in a tmux pane, with
// `venue completion <shell>` loaded, for typing a line and pressing TAB as a
// person would. `venue` on the shell's PATH is a wrapper that runs the built
// bin/venue.js. Its own tmux server per test process.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { venueBin } from './venue.js';

export type ShellName = 'bash' | 'zsh' | 'fish';

export function shellAvailable(shell: ShellName): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const socket = `venue-completion-${process.pid}`;
const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
let serverKept = false;
/** A session that lives as long as the tests, so the server never goes down between two shells. */
function keepServer(): void {
  if (serverKept) return;
  tmux('new-session', '-d', '-s', 'keep', 'sleep 3600');
  serverKept = true;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const PROMPT = 'READY> ';
/** capture-pane drops trailing spaces: the prompt as it is read back. */
const PROMPT_SHOWN = PROMPT.trimEnd();

/** A home with the shell's start-up file (the completion script loaded) and `venue` on PATH. */
function prepareHome(shell: ShellName, home: string): string[] {
  const bin = path.join(home, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, 'venue'), `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(venueBin)} "$@"\n`, {
    mode: 0o755,
  });
  switch (shell) {
    case 'bash':
      fs.writeFileSync(path.join(home, '.bashrc'), `PS1='${PROMPT}'\neval "$(venue completion bash)"\n`);
      return ['bash', '--noprofile', '--rcfile', path.join(home, '.bashrc'), '-i'];
    case 'zsh':
      fs.writeFileSync(
        path.join(home, '.zshrc'),
        `PROMPT='${PROMPT}'\nautoload -Uz compinit && compinit -u -D\neval "$(venue completion zsh)"\n`,
      );
      return ['zsh', '-i'];
    case 'fish':
      return [
        'fish',
        '--no-config',
        '-C',
        `function fish_prompt; printf '${PROMPT}'; end; venue completion fish | source`,
      ];
  }
}

export class ShellSession {
  private constructor(
    readonly name: string,
    readonly shell: ShellName,
  ) {}

  static async start(shell: ShellName, home: string, env: Record<string, string>): Promise<ShellSession> {
    const argv = prepareHome(shell, home);
    const variables = {
      PATH: `${path.join(home, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: home,
      ZDOTDIR: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local/share'),
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
      NO_COLOR: '1',
      ...env,
    };
    const command = `env -i ${Object.entries(variables)
      .map(([k, v]) => `${k}=${quote(v)}`)
      .join(' ')} ${argv.map(quote).join(' ')}`;
    const name = `${shell}-${Math.random().toString(36).slice(2, 8)}`;
    keepServer();
    tmux('new-session', '-d', '-s', name, '-x', '160', '-y', '40', '-c', home, command);
    const session = new ShellSession(name, shell);
    await session.waitFor(PROMPT_SHOWN);
    return session;
  }

  screen(): string {
    return tmux('capture-pane', '-p', '-t', this.name);
  }

  /**
   * Types text (no Enter) and presses TAB, again every few seconds until the
   * screen shows what is expected: bash lists an ambiguous word only at a
   * second TAB, so in bash it is TAB TAB, as a person lists there (the second
   * is read once the first's completion is done); each TAB first waits for
   * `venue __complete`.
   */
  async completeUntil(text: string, expected: (screen: string) => boolean, timeoutMs = 20_000): Promise<string> {
    tmux('send-keys', '-t', this.name, '-l', text);
    await sleep(200);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      tmux('send-keys', '-t', this.name, ...(this.shell === 'bash' ? ['Tab', 'Tab'] : ['Tab']));
      try {
        return await this.waitFor(expected, Math.min(3000, Math.max(100, deadline - Date.now())));
      } catch {
        // not yet: another TAB
      }
    }
    throw new Error(`${this.shell}: TAB after "${text}" never showed what was expected; screen:\n${this.screen()}`);
  }

  /** The prompt line as it stands (the command line being edited). */
  promptLine(): string {
    return (
      this.screen()
        .split('\n')
        .find((line) => line.startsWith(PROMPT_SHOWN)) ?? ''
    );
  }

  async waitFor(expected: string | RegExp | ((screen: string) => boolean), timeoutMs = 15_000): Promise<string> {
    const test =
      typeof expected === 'function'
        ? expected
        : (s: string) => (typeof expected === 'string' ? s.includes(expected) : expected.test(s));
    const deadline = Date.now() + timeoutMs;
    let shown = '';
    while (Date.now() < deadline) {
      shown = this.screen();
      if (test(shown)) return shown;
      await sleep(100);
    }
    throw new Error(`${this.shell}: timed out waiting for ${String(expected)}; screen:\n${shown}`);
  }

  stop(): void {
    try {
      tmux('kill-session', '-t', this.name);
    } catch {
      // gone already
    }
  }
}

export function killShells(): void {
  serverKept = false;
  try {
    tmux('kill-server');
  } catch {
    // no server was started, or it is gone already
  }
}
