// The one place the CLI shell loads a third-party module on demand: the
// prompts, the spinner's frames and colour, each needed only on a terminal (a
// run in a pipe, under cron or in CI never loads them) and each measurably slow
// to load (bare node starts in about 50 ms). src/lib's own are in
// src/lib/lazy-modules.ts (src/lib holds no prompts or spinner). The
// architecture test test/unit/architecture/lazy-loading.test.ts fails on an
// import() elsewhere.

/** One load a process, shared by every caller. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/** @inquirer/prompts (about 60 ms): only when a person is asked, on a terminal. */
export const promptsModule = once(() => import('@inquirer/prompts'));

/** The prompts, as promptsModule gives them. */
export type Prompts = Awaited<ReturnType<typeof promptsModule>>;

/** ora (about 45 ms), for its spinner frames: only when the live line first draws, on a terminal. */
export const oraModule = once(() => import('ora'));

/** chalk (about 12 ms): only a run that paints (a stream that takes colour). */
export const chalkModule = once(() => import('chalk'));
