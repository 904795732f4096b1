// What src/lib writes through, as narrow interfaces (ports): the renderer's
// stdout and messages, and the palette it paints tables with. The CLI shell's
// terminal (src/cli/terminal.ts) implements them and decides TTY and colour;
// tests hand in fakes. Nothing here knows of a TTY, colour or spinners.

import type { Writable } from 'node:stream';

type Painter = (text: string) => string;
/** How text is painted: plain painters when colour is off. */
export interface Palette {
  bold: Painter;
  dim: Painter;
  red: Painter;
  green: Painter;
  yellow: Painter;
  cyan: Painter;
}

/** Messages for people, on stderr. */
export interface Messages {
  info(message: string): void;
  warn(message: string): void;
}

/** Where Output writes data (stdout, with its backpressure) and its warnings. */
export interface Screen extends Messages {
  readonly stdout: Writable;
  /** Data goes to stdout. */
  write(text: string): void;
  /** The palette for stdout (plain unless stdout takes colour). */
  readonly stdoutColours: Palette;
  /** Whether stdout is a terminal: false writes tables as tab-separated lines; undefined (not known) lays them out. */
  readonly stdoutIsTTY?: boolean;
}
