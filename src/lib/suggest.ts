// "Did you mean …?": the known words closest to a mistyped one.

/** Edit distance with transpositions (prodcts → products is 1). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidates within a small distance (or sharing a prefix), best first. */
export function suggestions(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const scored = candidates
    .map((candidate) => {
      const c = candidate.toLowerCase();
      const score = c.startsWith(lower) && lower.length >= 2 ? 0.5 : distance(lower, c);
      return { candidate, score };
    })
    .filter(({ candidate, score }) => score <= Math.max(1, Math.min(3, Math.floor(candidate.length / 3))))
    .sort((a, b) => a.score - b.score);
  return scored.map((s) => s.candidate);
}

/** "(Did you mean products?)" or "". */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const [best, second] = suggestions(word, candidates);
  if (!best) return '';
  return second ? `Did you mean ${best} or ${second}?` : `Did you mean ${best}?`;
}
