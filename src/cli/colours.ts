// Colour: chalk's palette, loaded only by a run that paints. A module of its
// own (nothing else imported at run time but cli/lazy-modules.ts) so the front door and failure.ts can paint
// without loading the terminal.

import type { Palette } from '../lib/screen.js';
import { chalkModule } from './lazy-modules.js';

const plain = (text: string): string => text;
const plainPalette: Palette = { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain };

/**
 * chalk's palette, once loaded: chalk (as ora uses) is imported only by a run
 * that paints (loadColours, from main, when a stream takes colour), so runs
 * without colour (pipes, cron, NO_COLOR) never load it. Whether to paint is
 * colourWanted's decision (--no-color, NO_COLOR, FORCE_COLOR, TERM=dumb, a TTY),
 * so chalk is given a fixed level rather than guessing from process.stdout.
 */
let chalkPalette: Palette | undefined;

export async function loadColours(): Promise<void> {
  if (chalkPalette) return;
  const { Chalk } = await chalkModule();
  const chalk = new Chalk({ level: 1 });
  chalkPalette = {
    bold: chalk.bold,
    dim: chalk.dim,
    red: chalk.red,
    green: chalk.green,
    yellow: chalk.yellow,
    cyan: chalk.cyan,
  };
}

/** The palette for a stream: chalk's when it takes colour (and loadColours has run), plain otherwise. */
export function paletteFor(colour: boolean): Palette {
  return colour ? (chalkPalette ?? plainPalette) : plainPalette;
}
