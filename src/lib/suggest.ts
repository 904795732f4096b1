// "Did you mean …?": the one way venue suggests a word it knows for one it
// does not (commands, options, choices, setting keys, profile names). The edit
// distance is fastest-levenshtein's; what counts as close, and the wording, are
// venue's, here.

import { distance } from 'fastest-levenshtein';
import { orList } from './formats.js';

/** Two neighbouring letters typed the wrong way round (nroth, north): one slip, though two edits. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let at = 0;
  while (a[at] === b[at]) at++;
  return a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/** The candidates within a small distance (or that the word begins), best first. */
export function suggestions(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const scored = [...new Set(candidates)]
    .map((candidate) => {
      const c = candidate.toLowerCase();
      const score = c.startsWith(lower) && lower.length >= 2 ? 0.5 : swapped(lower, c) ? 1 : distance(lower, c);
      return { candidate, score };
    })
    // One edit for short words; a third of the word's length for longer ones (at most 3).
    .filter(({ candidate, score }) => score <= Math.max(1, Math.min(3, Math.floor(candidate.length / 3))))
    .sort((a, b) => a.score - b.score);
  return scored.map((s) => s.candidate);
}

/**
 * Another tool's spelling of something venue has (gh's --jq for venue's
 * --query): too far from venue's word for an edit distance, so declared.
 */
export interface OtherSpelling {
  /** The word as the other tool spells it: --jq. */
  word: string;
  /** venue's spelling: --query. */
  venue: string;
  /** What the reader learns beside the suggestion: "gh's --jq; venue's --query takes a JMESPath expression". */
  why?: string;
}

/**
 * "Did you mean products?", "Did you mean take or receive?", or "". With
 * `others`, a word another tool spells so (and whose venue spelling is among
 * the candidates) is answered with venue's spelling, and why.
 */
export function didYouMean(word: string, candidates: readonly string[], others: readonly OtherSpelling[] = []): string {
  const other = others.find((o) => o.word === word && candidates.includes(o.venue));
  if (other) return didYouMeanInstead(other.venue, other.why);
  const [best, second] = suggestions(word, candidates);
  if (!best) return '';
  return second ? `Did you mean ${best} or ${second}?` : `Did you mean ${best}?`;
}

/** The wording for close candidates chosen elsewhere (routes found by their method and last segment): "Did you mean "a" or "b"?", or "". */
export function didYouMeanAmong(close: readonly string[], quote = false): string {
  if (!close.length) return '';
  const said = close.map((c) => (quote ? `"${c}"` : c));
  return `Did you mean ${orList(said)}?`;
}

/** "Did you mean --query '[].id'? (gh's -q; here -q is --quiet.)": what venue reads for another tool's words. */
export function didYouMeanInstead(words: string, why?: string): string {
  return `Did you mean ${words}?${why ? ` (${why}.)` : ''}`;
}
