// Messages wrapped at a terminal's width (lib/output/wrap.ts). Measuring text
// for a terminal loads string-width (about 25 ms): a run pays it only when its
// messages go to a terminal, loaded once by main before anything is said.
// Until then, and always when piped, a message stays one line.

import { PEOPLE_TIME } from '../lib/formats.js';
import { textWrapModule } from '../lib/lazy-modules.js';

type Wrap = (text: string, width: number) => string[];
let loaded: Wrap | undefined;

/** Loads the wrapping (main, on a terminal; tests that build a terminal themselves). */
export async function loadWrapping(): Promise<void> {
  if (loaded) return;
  const { wrapText } = await textWrapModule();
  // A time in the people format is never split across lines.
  loaded = (text, width) => wrapText(text, width, { together: PEOPLE_TIME });
}

/** The text as the lines a terminal `width` columns wide shows, no word broken; one line when no width is given. */
export function wrapForTerminal(text: string, width: number | undefined): string[] {
  return width && loaded ? loaded(text, width) : [text];
}
