// `npm run lint:deps`: the import rules CI holds the code to (dependency-cruiser).
// - no import cycle anywhere in src/ or packages/;
// - the sandbox package (packages/sandbox: its code, bin and tests) imports
//   nothing of the CLI, so it builds, tests and ships alone;
// - the CLI reaches the sandbox through the package's public API only (the
//   entry its package.json exports), never a file inside it.
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
      comment: "The CLI uses the sandbox through `venue-sandbox` (packages/sandbox/src/index.ts), never a file inside the package.",
      from: { path: '^src/' },
      to: { path: '^packages/sandbox/', pathNot: '^packages/sandbox/dist/index\\.(js|d\\.ts)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/(?!index\\.)|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'node', 'default'] },
  },
};
