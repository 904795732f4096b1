// The sandbox's whole state as one JSON document in the state directory.
// Writes are debounced (routes never touch the disk) and atomic (write a
// temporary file, then rename), so a crash leaves the previous state intact.
// Without a state directory the state lives in memory only: nothing is read
// or written, and it ends with the sandbox.

import fs from 'node:fs';
import path from 'node:path';
import {
  silentLogger,
  type OutboxMessage,
  type SandboxLogger,
  type SandboxService,
  type SandboxSettings,
} from './types.js';
import { newSigningKey } from './tokens.js';

export const defaultSettings: SandboxSettings = { tokenScale: 1, holdSeconds: 600, inventoryHealth: 'ok' };

export interface SandboxState {
  /** One slice per service, by service name (wallet, booking, inventory, webhooks). */
  [service: string]: unknown;
  outbox: OutboxMessage[];
  settings: SandboxSettings;
  keys: { signing: string };
  clock: { offsetMs: number };
}

const STATE_FILE = 'state.json';
const FORMAT_VERSION = 1;

export function demoState(
  services: SandboxService<any>[],
  settings: SandboxSettings,
  signingKey = newSigningKey(),
): SandboxState {
  const state: SandboxState = {
    outbox: [],
    settings: { ...settings },
    keys: { signing: signingKey },
    clock: { offsetMs: 0 },
  };
  for (const service of services) state[service.name] = service.demoState();
  return state;
}

export class StateStore {
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  /** How long the last serialisation blocked the event loop. */
  private lastSerialiseMs = 0;

  constructor(
    /** Undefined: in memory only. */
    readonly stateDir: string | undefined,
    private readonly snapshot: () => SandboxState,
    private readonly debounceMs = 250,
    private readonly log: SandboxLogger = silentLogger,
  ) {}

  /** The state file; undefined in memory. */
  get file(): string | undefined {
    return this.stateDir === undefined ? undefined : path.join(this.stateDir, STATE_FILE);
  }

  /**
   * The persisted state, or undefined when there is none (or it cannot be
   * read: a damaged file is kept aside, never silently overwritten).
   */
  static load(stateDir: string | undefined, log: SandboxLogger = silentLogger): SandboxState | undefined {
    if (stateDir === undefined) return undefined;
    const file = path.join(stateDir, STATE_FILE);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const parsed = JSON.parse(text) as { version?: number; state?: SandboxState };
      if (parsed.version !== FORMAT_VERSION || !parsed.state || typeof parsed.state !== 'object')
        throw new Error('unknown format');
      return parsed.state;
    } catch {
      const aside = `${file}.damaged-${Date.now()}`;
      fs.renameSync(file, aside);
      log.warn(`${file} could not be read; kept it as ${aside} and started from the demo data`);
      return undefined;
    }
  }

  /**
   * Schedules a write; many changes within the debounce window make one write.
   * A big state (a seeded catalogue) takes long to serialise, and the server
   * answers nothing meanwhile: the window grows so that writing never takes
   * more than about a fifth of the time under a steady stream of changes.
   */
  changed(): void {
    if (this.stateDir === undefined) return;
    this.dirty = true;
    if (this.timer) return;
    const delay = Math.min(10_000, Math.max(this.debounceMs, this.lastSerialiseMs * 4));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((error) => this.log.warn(`could not save state: ${(error as Error).message}`));
    }, delay);
    this.timer.unref();
  }

  /** Writes now if anything changed; resolves when the state is on disk. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (!this.dirty) return this.writing;
    this.dirty = false;
    // Serialise synchronously so the file is the state as of this call.
    const text = this.serialise();
    this.writing = this.writing.then(() => this.write(text));
    return this.writing;
  }

  /** For process exit paths where nothing asynchronous may run any more. */
  flushSync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty) return;
    this.dirty = false;
    const text = this.serialise();
    const { stateDir, file } = this.paths();
    fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, text, { mode: 0o600 });
    fs.renameSync(temp, file);
  }

  private serialise(): string {
    const started = performance.now();
    const text = JSON.stringify({ version: FORMAT_VERSION, savedAt: new Date().toISOString(), state: this.snapshot() });
    this.lastSerialiseMs = performance.now() - started;
    return text;
  }

  private async write(text: string): Promise<void> {
    const { stateDir, file } = this.paths();
    await fs.promises.mkdir(stateDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, text, { mode: 0o600 });
    await fs.promises.rename(temp, file);
  }

  /** Only reached once something changed, which never happens in memory. */
  private paths(): { stateDir: string; file: string } {
    if (this.stateDir === undefined) throw new Error('an in-memory sandbox has no state file');
    return { stateDir: this.stateDir, file: path.join(this.stateDir, STATE_FILE) };
  }
}
