// `npm run lint:deps`: the import rules CI holds the code to (dependency-cruiser).
// - no import cycle anywhere in src/ or packages/;
// - the sandbox package (packages/sandbox: its code, bin and tests) imports
//   nothing of the CLI, so it builds, tests and ships alone;
// - the CLI reaches the sandbox through the package's public API only (the
//   entry its package.json exports), never a file inside it;
// - src/lib holds no CLI: no commander, prompts or spinner anywhere under it
//   (the terminal, the prompter and the context are the CLI shell, src/cli/);
//   src/lib asks a person and writes through the narrow ports it defines
//   (questions.ts, screen.ts, service-deps.ts), and nothing in src/lib imports
//   the layers above it (the CLI shell, the commands, the front door, the
//   runners).
// - the CLI shell (src/cli) imports nothing of the commands, the front door
//   or the runners above it.
// That nothing but the launcher reads process.argv is held by
// test/unit/lib/front-door.test.ts (an import rule cannot see it).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules cannot be understood (or loaded) one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'sandbox-stands-alone',
      severity: 'error',
      comment: 'venue-sandbox is a witness, not a mirror: it keeps its own rules and imports nothing of the CLI.',
      from: { path: '^packages/sandbox/' },
      to: { path: '^(src|test|bin|scripts|bench|docs)/' },
    },
    {
      name: 'sandbox-through-its-api',
      severity: 'error',
      comment:
        'The CLI uses the sandbox through `venue-sandbox` (packages/sandbox/src/index.ts), never a file inside the package.',
      from: { path: '^src/' },
      to: { path: '^packages/sandbox/', pathNot: '^packages/sandbox/dist/index\\.(js|d\\.ts)$' },
    },
    {
      name: 'lib-holds-no-cli',
      severity: 'error',
      comment:
        'src/lib is the workflows, clients and HTTP: commander, prompts and spinners belong to the commands and the CLI shell (src/cli).',
      from: { path: '^src/lib/' },
      to: { path: '(^|/)node_modules/(commander|@inquirer/prompts|ora)/' },
    },
    {
      name: 'lib-imports-nothing-above',
      severity: 'error',
      comment:
        'Nothing below imports upward: src/lib never reaches the CLI shell, the commands, the front door or the runners.',
      from: { path: '^src/lib/' },
      to: {
        path: '^src/(cli/|commands/|main\\.ts|invocation\\.ts|program\\.ts|run\\.ts|each-profile\\.ts|failure\\.ts)',
      },
    },
    {
      name: 'cli-shell-below-commands',
      severity: 'error',
      comment:
        'The CLI shell (src/cli: context, terminal, prompter) serves the commands and the runners; it never reaches up to them.',
      from: { path: '^src/cli/' },
      to: { path: '^src/(commands/|main\\.ts|invocation\\.ts|program\\.ts|run\\.ts|each-profile\\.ts|failure\\.ts)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Built files and declarations are left out of the graph, but not a
    // package's own (ora's and @inquirer/prompts' entries resolve to .d.ts
    // files: leaving those out would hide them from lib-holds-no-cli).
    exclude: { path: '^(?!.*(^|/)node_modules/).*((^|/)dist/(?!index\\.)|\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'node', 'default'] },
  },
};
