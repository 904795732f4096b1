// Reading a JSON stock file as a stream: the items array (at the top, or an
// object's "items") scanned for its elements, each parsed on its own with the
// line it starts on and handed to the checker.

import { ValidationError } from '../../errors.js';
import type { RecordChecker } from './check.js';

/** The largest single JSON item (or other value) held in memory at once. */
export const MAX_JSON_VALUE_CHARS = 1024 * 1024;

type JsonState =
  | 'top' // before the first value
  | 'elementOrEnd' // just after the items array's '['
  | 'element' // after a ',' in the items array
  | 'keyOrEnd' // just after the top object's '{'
  | 'key' // after a ',' in the top object
  | 'inKey'
  | 'colon'
  | 'value'
  | 'afterItems' // after the items array, inside the top object
  | 'capture' // inside an element or a value, until it ends
  | 'done';

/**
 * Reads a JSON stock file as it streams: a top-level array of items, or an
 * object whose "items" key holds that array. Each item's text is cut out and
 * parsed on its own (so only one item is in memory at a time, and its starting
 * line is known); the structure around the items is checked here. Any syntax
 * error is reported with its line.
 */
export class JsonItemScanner {
  private state: JsonState = 'top';
  private line = 1;
  /** Whether the items array is the top-level value or the top object's "items". */
  private itemsAtTop = false;
  private sawItems = false;
  private itemCount = 0;
  private key = '';
  private keyText = '';
  private keyEscape = false;
  // The value being captured: what kind, where it started, its text so far.
  private captureOf: 'element' | 'value' | 'top' = 'element';
  private captureLine = 1;
  private captureText = '';
  private captureOverflow = false;
  private depth = 0;
  private inString = false;
  private escape = false;

  constructor(
    private readonly checker: RecordChecker,
    private readonly source: string,
  ) {}

  private syntax(message: string, line = this.line): never {
    throw new ValidationError([{ line, field: 'file', rule: `is not valid JSON (${message})` }], this.source);
  }

  private notItems(): never {
    throw new ValidationError(
      [{ field: 'file', rule: 'must be a JSON array of items or an object with an "items" array' }],
      this.source,
    );
  }

  feed(text: string): void {
    let captureFrom = this.state === 'capture' ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10) this.line++;
      const state = this.state;
      if (state === 'capture') {
        if (this.inString) {
          if (this.escape) this.escape = false;
          else if (code === 92)
            this.escape = true; // backslash
          else if (code === 34) this.inString = false;
          continue;
        }
        if (code === 34) this.inString = true;
        else if (code === 91 || code === 123) this.depth++;
        else if (code === 93 || code === 125 || code === 44) {
          // ']' '}' ','
          if (this.depth > 0) {
            if (code !== 44) this.depth--;
            continue;
          }
          const ends =
            this.captureOf === 'element'
              ? code === 44 || code === 93
              : this.captureOf === 'value'
                ? code === 44 || code === 125
                : false;
          if (!ends) this.syntax(`Unexpected "${text[i]}"`);
          this.append(text, captureFrom, i);
          captureFrom = -1;
          this.endCapture();
          if (this.captureOf === 'element')
            this.state = code === 44 ? 'element' : this.itemsAtTop ? 'done' : 'afterItems';
          else this.state = code === 44 ? 'key' : 'done';
        }
        continue;
      }
      if (state === 'inKey') {
        if (this.keyEscape) this.keyEscape = false;
        else if (code === 92) this.keyEscape = true;
        else if (code === 34) {
          try {
            this.key = JSON.parse(`"${this.keyText}"`) as string;
          } catch (error) {
            this.syntax(cleanJsonMessage(error));
          }
          this.state = 'colon';
          continue;
        }
        this.keyText += text[i];
        if (this.keyText.length > MAX_JSON_VALUE_CHARS) this.syntax('a key is far too long');
        continue;
      }
      // Whitespace between tokens.
      if (code === 32 || code === 10 || code === 13 || code === 9) continue;
      switch (state) {
        case 'top':
          if (code === 91) {
            this.itemsAtTop = this.sawItems = true;
            this.state = 'elementOrEnd';
          } else if (code === 123) this.state = 'keyOrEnd';
          else {
            // A bare value: parsed whole (and bounded) only to say what is wrong with it.
            this.startCapture('top');
            captureFrom = i;
            i--;
          }
          break;
        case 'elementOrEnd':
        case 'element':
          if (code === 93 && state === 'elementOrEnd') this.state = this.itemsAtTop ? 'done' : 'afterItems';
          else if (code === 93 || code === 44) this.syntax(`Unexpected "${text[i]}" where an item was expected`);
          else {
            this.startCapture('element');
            captureFrom = i;
            i--; // the capture reads this character itself (a '[', '{' or '"' counts)
          }
          break;
        case 'keyOrEnd':
        case 'key':
          if (code === 125 && state === 'keyOrEnd') this.state = 'done';
          else if (code === 34) {
            this.state = 'inKey';
            this.keyText = '';
          } else this.syntax(`Expected a property name, got "${text[i]}"`);
          break;
        case 'colon':
          if (code !== 58) this.syntax(`Expected ":" after a property name, got "${text[i]}"`);
          this.state = 'value';
          break;
        case 'value':
          if (this.key === 'items' && code === 91) {
            this.sawItems = true;
            this.state = 'elementOrEnd';
          } else {
            // Any other value is checked and dropped; "items" that is no array is remembered as such.
            if (this.key === 'items') this.sawItems = false;
            this.startCapture('value');
            captureFrom = i;
            i--;
          }
          break;
        case 'afterItems':
          if (code === 44) this.state = 'key';
          else if (code === 125) this.state = 'done';
          else this.syntax(`Expected "," or "}" after the items, got "${text[i]}"`);
          break;
        case 'done':
          this.syntax(`Unexpected "${text[i]}" after the end of the JSON`);
      }
    }
    if (this.state === 'capture' && captureFrom >= 0) this.append(text, captureFrom, text.length);
  }

  end(): void {
    if (this.state === 'capture' && this.captureOf === 'top') {
      this.endCapture();
      this.notItems();
    }
    if (this.state !== 'done') this.syntax('Unexpected end of JSON input');
    if (!this.sawItems) this.notItems();
    if (this.itemCount === 0)
      throw new ValidationError([{ field: 'items', rule: 'must list at least one item' }], this.source);
  }

  private startCapture(of: 'element' | 'value' | 'top'): void {
    this.state = 'capture';
    this.captureOf = of;
    this.captureLine = this.line;
    this.captureText = '';
    this.captureOverflow = false;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
  }

  private append(text: string, from: number, to: number): void {
    if (this.captureOverflow) return;
    if (this.captureText.length + (to - from) > MAX_JSON_VALUE_CHARS) {
      if (this.captureOf === 'element') {
        this.syntax(`the item starting here is over ${MAX_JSON_VALUE_CHARS / 1024 / 1024} MiB`, this.captureLine);
      }
      // Another key's huge value: its brackets and strings are still followed, its content is not kept.
      this.captureOverflow = true;
      this.captureText = '';
      return;
    }
    this.captureText += text.slice(from, to);
  }

  private endCapture(): void {
    if (this.captureOverflow) return;
    let value: unknown;
    try {
      value = JSON.parse(this.captureText);
    } catch (error) {
      this.syntax(this.captureText.trim() === '' ? 'an empty value' : cleanJsonMessage(error), this.captureLine);
    }
    this.captureText = '';
    if (this.captureOf !== 'element') return;
    const index = this.itemCount++;
    const line = this.captureLine;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      this.checker.reject({ line, field: `items[${index}]`, rule: 'must be an object' });
      return;
    }
    const record = value as Record<string, unknown>;
    this.checker.check({ line, get: (column) => record[column] });
  }
}

/** JSON.parse's message without its position in the piece parsed (the line is given instead). */
function cleanJsonMessage(error: unknown): string {
  return String((error as Error)?.message ?? error)
    .replace(/,? (in JSON )?at position \d+.*$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
}

/**
 * The line on which each element of the items array starts: found by a scan of
 * the raw text, since JSON.parse forgets positions. (A small-input helper; the
 * reader itself gets lines from its streaming scan.)
 */
export function jsonItemLines(text: string): number[] {
  const lines: number[] = [];
  // Each open container: is it an array, and is it the items array.
  const stack: Array<{ array: boolean; items: boolean }> = [];
  let line = 1;
  let lastKey: string | undefined;
  let expectingElement = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else value += text[j];
        j++;
      }
      const top = stack[stack.length - 1];
      if (top?.items && expectingElement) lines.push(line);
      expectingElement = false;
      if (top && !top.array) lastKey = value;
      i = j;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === ':') continue;
    const top = stack[stack.length - 1];
    if (ch === ',') {
      expectingElement = Boolean(top?.items);
      continue;
    }
    if (top?.items && expectingElement) lines.push(line);
    expectingElement = false;
    if (ch === '[' || ch === '{') {
      const isArray = ch === '[';
      const items = isArray && (stack.length === 0 || (stack.length === 1 && !stack[0]!.array && lastKey === 'items'));
      stack.push({ array: isArray, items });
      expectingElement = items;
    } else if (ch === ']' || ch === '}') {
      stack.pop();
    }
  }
  return lines;
}
