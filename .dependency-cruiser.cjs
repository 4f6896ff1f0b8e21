// The layers of server/, lowest first (docs/architecture.md explains each). A module may import from its
// own layer or any lower one, never a higher one; nothing may form a cycle; the engines never know
// about each other; and `contract/` imports nothing of ours. `npm run lint:layers` prints the
// violations, and test/architecture/layers.test.ts fails the suite on any.
const LAYERS = [
  ['contract'],
  ['config.ts', 'log.ts', 'jsonl.ts', 'metrics', 'generated', 'telemetry'],
  ['knowledge', 'openai-compat', 'clinical'],
  ['safety', 'retrieval', 'store', 'bus', 'webhooks'],
  ['engines'],
  ['pipeline'],
  ['auth', 'turns'],
  ['graphql'],
  ['app', 'eval'],
  ['main.ts', 'env-table.ts'],
];

const pattern = (names) => `^server/(${names.map((n) => n.replace(/[.]/g, '[.]')).join('|')})($|/)`;

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${i}-imports-higher`,
  comment: `${layer.join(', ')} (layer ${i}) may not import a higher layer`,
  severity: 'error',
  from: { path: pattern(layer) },
  to: { path: pattern(LAYERS.slice(i + 1).flat()) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'no-cycles',
      comment: 'Files may not import each other in a circle',
      severity: 'error',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'The shared vocabulary is the bottom: it imports no other server module',
      severity: 'error',
      from: { path: '^server/contract/' },
      to: { path: '^server/', pathNot: '^server/contract/' },
    },
    {
      name: 'engines-side-by-side',
      comment: 'An engine never imports another engine: each implements contract/engine.ts alone',
      severity: 'error',
      from: { path: '^server/engines/([^/]+)/' },
      to: { path: '^server/engines/([^/]+)/', pathNot: '^server/engines/$1/' },
    },
    {
      name: 'unlisted-folder',
      comment: 'Every server folder belongs to a layer: add a new one to LAYERS',
      severity: 'error',
      from: { path: '^server/', pathNot: pattern(LAYERS.flat()) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^server/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
