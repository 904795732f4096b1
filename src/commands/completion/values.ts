// The values completion cannot read from the command tree: profile names from
// the config, receipt ids from the local journal, and the ids the services
// hold, from the short-lived cache (src/lib/completion-cache.ts) or, when it
// has nothing fresh, from the service itself within a deadline. A TAB never
// waits longer than that, never starts the sandbox, and never prints an error:
// whatever fails completes nothing.

import type { Candidate, ValueRequest, ValueSource } from './candidates.js';
import type { IdKind } from '../define.js';
import type { Context } from '../../cli/context.js';
import type { CachedId } from '../../lib/completion-cache.js';
import { ConfigStore } from '../../lib/config.js';
import type { Interruption } from '../../lib/interruption.js';
import { WebhooksClient } from '../../lib/webhooks/client.js';
import { stateDirectory } from '../../lib/config.js';
import { ReceiptJournal, shortId } from '../../lib/inventory/receipt-journal.js';
import { CompletionCache } from '../../lib/completion-cache.js';
import { ProcessContext } from '../../cli/context.js';
import { Writable, Readable } from 'node:stream';

/** How long a TAB may wait on the services, everything included. */
export const COMPLETION_DEADLINE_MS = 1500;

export interface ServiceValueOptions {
  env: NodeJS.ProcessEnv;
  deadlineMs?: number;
  now?: () => number;
}

type IdFetcher = (ctx: Context, request: ValueRequest) => Promise<CachedId[]>;

/** How each kind of id is asked for; the key is the cache key. */
const fetchers = {
  location: async (ctx) =>
    (await (await ctx.booking()).locations()).map((l) => ({
      id: l.id,
      label: [l.name, l.city].filter(Boolean).join(', ') || undefined,
    })),
  warehouse: async (ctx) =>
    (await (await ctx.inventory()).warehouses()).map((w) => ({
      id: String(w.warehouseId),
      label: w.name ? String(w.name) : undefined,
    })),
  webhook: async (ctx) => {
    const subscribers = await new WebhooksClient(await ctx.serviceDeps('inventory')).list();
    return subscribers.map((s) => ({ id: s.id, label: s.url }));
  },
} satisfies Record<string, IdFetcher>;

const experiencesOf =
  (locationId: string): IdFetcher =>
  async (ctx) =>
    (await (await ctx.booking()).experiences(locationId)).map((e) => ({ id: e.id, label: e.name }));

/** The reads of one TAB are aborted at the deadline; completion never writes. */
function deadlineInterruption(ms: number): Interruption {
  const signal = AbortSignal.timeout(ms);
  return {
    signal,
    get interrupted() {
      return signal.aborted;
    },
    throwIfInterrupted: () => {
      if (signal.aborted) throw new Error('completion deadline passed');
    },
    onInterrupt: () => () => undefined,
    inFlight: (_what, work) => work(),
    cleanup: (work) => work(),
    maySend: () => !signal.aborted,
  };
}

/** work's value, or `otherwise` when it fails or is not done within ms. */
function timeLimit<T, O>(work: Promise<T>, ms: number, otherwise: O): Promise<T | O> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(otherwise), ms);
    timer.unref?.();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(otherwise);
      },
    );
  });
}

export class ServiceValues implements ValueSource {
  private readonly env: NodeJS.ProcessEnv;
  private readonly deadlineMs: number;
  private readonly now: () => number;
  private readonly startedAt: number;
  private configStore?: Promise<ConfigStore>;
  private context?: Promise<Context>;
  private cacheStore?: Promise<CompletionCache>;

  constructor(options: ServiceValueOptions) {
    // A TAB never starts the sandbox: it completes from a running one or not at all.
    this.env = { ...options.env, VENUE_SANDBOX_AUTOSTART: '0' };
    this.deadlineMs = options.deadlineMs ?? COMPLETION_DEADLINE_MS;
    this.now = options.now ?? Date.now;
    this.startedAt = Date.now();
  }

  async values(kind: IdKind, request: ValueRequest): Promise<Candidate[]> {
    try {
      if (kind === 'profile') return await this.profiles();
      if (kind === 'profiles') return await this.profileSelections();
      const profile = await this.profile(request);
      if (!profile) return [];
      if (kind === 'receipt') return await this.receipts(profile);
      // Each service call is bounded by what is left of the deadline (cached() below).
      return await this.ids(kind, profile, request);
    } catch {
      return [];
    }
  }

  private config(): Promise<ConfigStore> {
    this.configStore ??= ConfigStore.open(this.env);
    return this.configStore;
  }

  private async profiles(): Promise<Candidate[]> {
    const config = await this.config();
    const current = this.env.VENUE_PROFILE || config.currentProfile();
    return config
      .profiles()
      .map((name) => ({ value: name, description: name === current ? 'current profile' : undefined }));
  }

  /** --each-profile: all, each tag in use as tag:NAME, and the profile names. */
  private async profileSelections(): Promise<Candidate[]> {
    const config = await this.config();
    const tags = [...new Set(config.profiles().flatMap((p) => config.tagsOf(p)))];
    return [
      { value: 'all', description: 'every venue (not base or sandbox profiles)' },
      ...tags.map((tag) => ({ value: `tag:${tag}`, description: 'the profiles with this tag' })),
      ...config
        .profiles()
        .filter((p) => !config.isBuiltInSandbox(p))
        .map((name) => ({ value: name })),
    ];
  }

  /** The profile the completed command would use: --profile, VENUE_PROFILE, then the current one. */
  private async profile(request: ValueRequest): Promise<string | undefined> {
    const config = await this.config();
    const name = request.profile || this.env.VENUE_PROFILE || config.currentProfile();
    return config.profileExists(name) ? name : undefined;
  }

  private async stateDir(): Promise<string> {
    return stateDirectory(this.env);
  }

  private async receipts(profile: string): Promise<Candidate[]> {
    const journal = new ReceiptJournal(await this.stateDir(), this.now);
    const entries = journal.list(profile);
    return entries.map((e) => ({
      value: shortId(e.id),
      description: [e.status, e.poNumber && `PO ${e.poNumber}`, e.invoice && `invoice ${e.invoice}`]
        .filter(Boolean)
        .join(', '),
    }));
  }

  private cache(): Promise<CompletionCache> {
    this.cacheStore ??= (async () => {
      return new CompletionCache(await this.stateDir(), this.now);
    })();
    return this.cacheStore;
  }

  private async ids(
    kind: Exclude<IdKind, 'profile' | 'profiles' | 'receipt'>,
    profile: string,
    request: ValueRequest,
  ): Promise<Candidate[]> {
    let ids: CachedId[];
    if (kind === 'experience') {
      // Of the location given on the line, else of every location.
      const location = request.given['--location'];
      const locations = location
        ? [location]
        : (await this.cached(profile, 'location', fetchers.location, request)).map((l) => l.id);
      const lists = await Promise.all(
        locations.map((id) => this.cached(profile, `experience@${id}`, experiencesOf(id), request)),
      );
      ids = lists.flat();
    } else {
      ids = await this.cached(profile, kind, fetchers[kind], request);
    }
    const seen = new Set<string>();
    return ids.filter((i) => !seen.has(i.id) && seen.add(i.id)).map((i) => ({ value: i.id, description: i.label }));
  }

  /** Fresh ids from the cache, else from the service (stored for the next TABs) within what is left of the deadline. */
  private async cached(profile: string, key: string, fetch: IdFetcher, request: ValueRequest): Promise<CachedId[]> {
    const cache = await this.cache();
    const found = cache.lookup(profile, key);
    if (found.state === 'fresh') return found.ids;
    if (found.state === 'failed-recently') return [];
    const fetched = fetch(await this.serviceContext(profile), request);
    const ids = await timeLimit(fetched, this.remainingMs(), undefined);
    // Too slow is remembered as a failure too: the next TABs do not wait on it again at once.
    if (ids === undefined) {
      cache.storeFailure(profile, key);
      return [];
    }
    cache.store(profile, key, ids);
    return ids;
  }

  private remainingMs(): number {
    return Math.max(0, this.deadlineMs - (Date.now() - this.startedAt));
  }

  /** A context of its own: quiet, never prompting, its reads bounded by the TAB's deadline. */
  private serviceContext(profile: string): Promise<Context> {
    this.context ??= (async () => {
      const silent = () => new Writable({ write: (_chunk, _encoding, done) => done() });
      const seconds = Math.max(0.1, this.remainingMs() / 1000);
      return new ProcessContext(
        {
          profile,
          output: 'json',
          color: false,
          quiet: true,
          verbose: false,
          input: false,
          timeout: seconds,
          deadline: seconds,
        },
        { stdin: Readable.from([]), stdout: silent(), stderr: silent() },
        this.env,
        undefined,
        deadlineInterruption(Math.max(1, this.remainingMs())),
      );
    })();
    return this.context;
  }
}
