// Terminal tests: `venue` run in a real pseudo-terminal through tmux, driven
// with send-keys and read with capture-pane, as a person would use it.
// Skipped, with a message, where tmux is not installed (CI installs it).

import { execFileSync } from 'node:child_process';
import { repoRoot, venueBin } from './venue.js';

export const tmuxAvailable = (() => {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export function warnWithoutTmux(what: string): void {
  if (!tmuxAvailable) console.warn(`${what} skipped: tmux is not installed (apt-get install -y tmux)`);
}

// One tmux server per test process, so parallel test files never meet.
const socket = `venue-test-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export class TerminalSession {
  private constructor(readonly name: string) {}

  /**
   * Runs `venue …args` in a detached pane (120×40 unless `size` says) with
   * only the given environment (no CI, so prompts are allowed). The pane
   * stays after the command ends, showing `EXIT:<code>`.
   */
  static start(
    name: string,
    args: string[],
    env: Record<string, string>,
    size: { width: number; height: number } = { width: 120, height: 40 },
  ): TerminalSession {
    const variables = Object.entries({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
      NO_COLOR: '1',
      ...env,
    })
      .map(([key, value]) => `${key}=${quote(value)}`)
      .join(' ');
    const command = `env -i ${variables} ${quote(process.execPath)} ${quote(venueBin)} ${args.map(quote).join(' ')}; echo "EXIT:$?"; sleep 120`;
    tmux('new-session', '-d', '-s', name, '-x', String(size.width), '-y', String(size.height), '-c', repoRoot, command);
    return new TerminalSession(name);
  }

  screen(): string {
    return tmux('capture-pane', '-p', '-t', this.name);
  }

  /**
   * Every line the pane has shown, scrolled off ones included, as the
   * terminal laid them out (no line joined). With `joined`, a line the
   * terminal wrapped because it was wider than the pane is one line again,
   * as the program wrote it (its trailing spaces dropped).
   */
  history(options: { joined?: boolean } = {}): string {
    if (!options.joined) return tmux('capture-pane', '-p', '-S', '-', '-E', '-', '-t', this.name);
    return tmux('capture-pane', '-p', '-J', '-S', '-', '-E', '-', '-t', this.name).replace(/ +$/gm, '');
  }

  /** Named keys: 'Enter', 'Down', 'C-c', 'BSpace'… */
  keys(...keys: string[]): void {
    tmux('send-keys', '-t', this.name, ...keys);
  }

  /** Literal text, then Enter. */
  type(text: string): void {
    tmux('send-keys', '-t', this.name, '-l', text);
    tmux('send-keys', '-t', this.name, 'Enter');
  }

  async waitFor(expected: string | RegExp, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let shown = '';
    while (Date.now() < deadline) {
      shown = this.screen();
      if (typeof expected === 'string' ? shown.includes(expected) : expected.test(shown)) return shown;
      await sleep(100);
    }
    throw new Error(`timed out waiting for ${String(expected)}; screen:\n${shown}`);
  }

  /** Moves a select prompt's cursor (❯) down to the line containing text, and picks it. */
  async choose(text: string): Promise<void> {
    await this.waitFor('❯');
    for (let moves = 0; moves <= 30; moves++) {
      const cursorLine =
        this.screen()
          .split('\n')
          .find((line) => line.trimStart().startsWith('❯')) ?? '';
      if (cursorLine.includes(text)) {
        this.keys('Enter');
        return;
      }
      this.keys('Down');
      await sleep(150);
    }
    throw new Error(`no choice "${text}" reached; screen:\n${this.screen()}`);
  }

  /** Waits for the command to end; its exit code and the final screen. */
  async exit(timeoutMs = 20_000): Promise<{ code: number; screen: string }> {
    const shown = await this.waitFor(/EXIT:\d+/, timeoutMs);
    return { code: Number(/EXIT:(\d+)/.exec(shown)![1]), screen: shown };
  }
}

export function killTerminals(): void {
  try {
    tmux('kill-server');
  } catch {
    // no server was started, or it is gone already
  }
}
