// A venue's messages in a run across venues: every line it writes is marked
// with its profile, and written whole, so lines of venues running at once
// never mix mid-line.

import { Writable } from 'node:stream';

export class LinePrefixStream extends Writable {
  private pending = '';
  readonly isTTY = false;

  constructor(
    private readonly target: NodeJS.WritableStream & { columns?: number },
    private readonly prefix: string,
  ) {
    super({ decodeStrings: false });
  }

  get columns(): number | undefined {
    return this.target.columns;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    const end = this.pending.lastIndexOf('\n');
    if (end !== -1) {
      const lines = this.pending.slice(0, end).split('\n');
      this.pending = this.pending.slice(end + 1);
      this.target.write(lines.map((line) => `${this.prefix}${line}\n`).join(''));
    }
    done();
  }

  /** Writes a last line that had no newline. */
  flushPending(): void {
    if (this.pending) this.target.write(`${this.prefix}${this.pending}\n`);
    this.pending = '';
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flushPending();
    done();
  }
}
