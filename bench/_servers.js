// The servers a listing benchmark runs against (issue 28): the sandbox in
// venue's dialect and in others (PascalCase names, decoy fields, HAL
// envelopes), and with its keys shuffled (another key order than venue's),
// so that no speed is a property of venue's own shape. A name is a dialect,
// or "shuffled" (venue's dialect, keys shuffled), or "<dialect>+shuffled".

export const DEFAULT_SERVERS = ['venue', 'pascal', 'decoy', 'hal', 'shuffled'];

/** The sandbox serve options of a server name: `hal+shuffled` → ['--dialect', 'hal', '--shuffle-keys']. */
export function serveArgs(name) {
  const [dialect, modifier] = name === 'shuffled' ? ['venue', 'shuffled'] : name.split('+');
  if (modifier !== undefined && modifier !== 'shuffled') throw new Error(`unknown server "${name}"`);
  return ['--dialect', dialect, ...(modifier ? ['--shuffle-keys'] : [])];
}

/** The servers asked for: a comma-separated list (argument or BENCH_SERVERS), else all of DEFAULT_SERVERS. */
export function serversAsked(arg) {
  const list = arg ?? process.env.BENCH_SERVERS;
  return list
    ? list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : DEFAULT_SERVERS;
}

/**
 * The baseline's reading of a list page, whichever dialect: the records (a
 * bare array, items, Items, data, or the one array under HAL's _embedded)
 * and the number of pages. Written out as text for the baseline script.
 */
export const BASELINE_READING = `
const recordsOf = (body) => Array.isArray(body) ? body : body.items ?? body.Items ?? body.data ?? Object.values(body._embedded ?? {})[0] ?? [];
const pagesOf = (body) => body.totalPages ?? body.TotalPages ?? body.page?.totalPages ?? body.meta?.totalPages;
`;
