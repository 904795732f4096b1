// Spans of time as people type them on a command line ("24h", "90m",
// "1h30m", "2d") and as messages show them ("23h 59m"). No imports: a
// command's option parser uses it at start-up.

const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 };

/** "24h", "90m", "1h30m", "2d", "45s", "0": milliseconds; undefined when it is not a duration. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '0') return 0;
  if (!/^(\d+(\.\d+)?[dhms])+$/.test(trimmed)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)([dhms])/g)) ms += Number(amount) * UNIT_MS[unit!]!;
  return Math.round(ms);
}

/** A span in the words of the flag: "2d 3h", "23h 59m", "45m", "30s". */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '0';
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return h ? `${d}d ${h}h` : `${d}d`;
  if (h > 0) return m ? `${h}h ${m}m` : `${h}h`;
  if (m > 0) return `${m}m`;
  return `${s}s`;
}
