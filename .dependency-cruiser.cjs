/**
 * The house's import rules (docs/architecture.md "Imports"). `npm run arch` checks them and
 * `npm run lint` runs it; tests/unit/platform/architecture.test.ts keeps them in `npm test`. Zero
 * violations, no allowlist: a new cycle or a reach past a front door fails the build.
 */
const AREA = '^server/areas/([^/]+)/'
const FEATURE = '^web/src/features/([^/]+)/'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Two files that import each other are one concept split wrongly, or a type without a home.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      comment: 'Folders (areas, features, layers) import one way too.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'server/domain holds pure rules: it imports only itself (and the data it owns).',
      severity: 'error',
      from: { path: '^server/domain/' },
      to: { path: '^(server|web|cli|seeds|tests|scenarios)/', pathNot: '^server/domain/' },
    },
    {
      name: 'layers-below-areas',
      comment: 'db, lib and http are below the areas: they never import one.',
      severity: 'error',
      from: { path: '^server/(db|lib|http)/' },
      to: { path: '^server/areas/' },
    },
    {
      name: 'sim-imports-domain-only',
      comment: 'Simulators are pure: match state in, events out.',
      severity: 'error',
      from: { path: '^server/sim/' },
      to: { path: '^(server|web|cli|seeds)/', pathNot: '^server/(sim|domain)/' },
    },
    {
      name: 'area-front-door',
      comment:
        'Another area is reached through its index.ts (its service API and types), never its internals.',
      severity: 'error',
      from: { path: AREA },
      to: {
        path: '^server/areas/([^/]+)/.+',
        pathNot: [`${AREA.replace('([^/]+)', '$1')}`, '^server/areas/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-to-area-front-door',
      comment: 'Outside the areas (app, boot, cable, main), an area is reached through its index.ts too.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/areas/' },
      to: { path: '^server/areas/[^/]+/.+', pathNot: '^server/areas/[^/]+/index\\.ts$' },
    },
    {
      name: 'feature-front-door',
      comment: 'A web feature imports another feature only through its index.ts.',
      severity: 'error',
      from: { path: FEATURE },
      to: {
        path: '^web/src/features/([^/]+)/.+',
        pathNot: [`${FEATURE.replace('([^/]+)', '$1')}`, '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-takes-server-types-or-domain',
      comment: 'The web client imports server code only as types, or the pure rules of server/domain.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/', pathNot: '^server/domain/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'cli-takes-server-types-or-domain',
      comment:
        "The CLI imports server code only as types or from server/domain; it may load the server's one entry point to host it.",
      severity: 'error',
      from: { path: '^cli/' },
      to: {
        path: '^server/',
        pathNot: ['^server/domain/', '^server/index\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^web/dist/|^dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
    reporterOptions: {
      dot: {
        collapsePattern: [
          '^server/areas/[^/]+',
          '^server/[^/]+',
          '^web/src/features/[^/]+',
          '^web/src/[^/]+',
          '^cli/[^/]+',
          '^seeds',
        ],
      },
    },
  },
}
