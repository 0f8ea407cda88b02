/**
 * Import direction (../shared/DESIGN.md), checked in `npm test`:
 * contract → foundation (src/api, src/cache, src/calls, src/state, src/config, src/format, src/geo, src/ports,
 * src/ui) → engines (src/features/{map,share,reports,export,import}) → domain features (the other
 * src/features/*) → src/app (workspace/ ← panels/). Domain features never import each other;
 * contract stays free of React, DOM and Node; the workspace is plain TypeScript.
 */
/**
 * Engines: features that accept the others' contributions (the map's overlays, the link codec's
 * parts, the report's sections, the export and import formats). A domain feature may import an
 * engine; an engine imports no other feature — the client twin of server/schema.ts, which lets each
 * server feature register its migrations while db/ imports none.
 */
const ENGINES = 'map|share|reports|export|import'
// Every other folder under src/features/ is a domain feature: a new one is covered as it lands.
const DOMAIN_FEATURE = `^src/features/(?!(?:${ENGINES})/)([^/]+)/`
const FOUNDATION = 'api|cache|calls|state|config|format|geo|ports|ui'

/**
 * formats/ (one module per file format) is shared like contract/: it imports neither src/ nor
 * server/, nor Node built-ins. Server layers, inner to outer:
 *   config.ts, db/, http-kit/  foundation: environment, data access and schema runner, shared HTTP helpers
 *   auth/                      the key gate every served endpoint passes (the features may use it)
 *   demo-data/ load/ tiles/ proxy/ changes/ words/ mcp/   features: never import each other, except demo-data → load
 *                              (the demo dataset is loaded through the loader's path)
 *   http/                      the parcel routes and the middleware
 *   app.ts schema.ts open-database.ts server.ts data-dir-lock.ts   the composition root
 *   cli/                       the commands
 * Tests (*.test.ts, *.test-support.ts, server/test/) may assemble any server layers.
 */
const SERVER_FEATURES = 'demo-data|load|tiles|proxy|changes|watches|words|mcp'
const SERVER_TESTS = '\\.test\\.ts$|\\.test-support\\.ts$|^server/test/'
const SERVER_ROOT = '^server/(?!config\\.ts$)[^/]+\\.ts$'

module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment: 'Domain features do not import each other (engines excepted); src/app composes them.',
      severity: 'error',
      from: { path: DOMAIN_FEATURE },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', `^src/features/(${ENGINES})/`] },
    },
    {
      name: 'engine-imports-no-feature',
      comment: 'An engine (map, share, reports, export, import) takes contributions; it imports no other feature.',
      severity: 'error',
      from: { path: `^src/features/(${ENGINES})/` },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/'] },
    },
    {
      name: 'feature-to-app',
      severity: 'error',
      from: { path: `^src/(features|${FOUNDATION})/` },
      to: { path: '^src/(app/|main)' },
    },
    {
      name: 'foundation-to-feature',
      comment: 'The foundation (api, cache, calls, state, config, format, geo, ports, ui) knows no feature.',
      severity: 'error',
      from: { path: `^src/(${FOUNDATION})/` },
      to: { path: '^src/features/' },
    },
    {
      name: 'workspace-has-no-ui',
      comment:
        'src/app/workspace is the plain-TS coordinator, tested in Node: no React, MapLibre or terra-draw (the map and draw controllers load through the factory by dynamic import).',
      severity: 'error',
      from: { path: '^src/app/workspace/' },
      to: { path: 'node_modules/(@types/)?(react|react-dom|maplibre-gl|terra-draw[^/]*)/' },
    },
    {
      name: 'workspace-to-panels',
      comment: 'Panels call the workspace; the workspace never imports a panel.',
      severity: 'error',
      from: { path: '^src/app/workspace/' },
      to: { path: '^src/(app/panels/|main)' },
    },
    {
      name: 'contract-is-pure',
      comment: 'contract/ is shared by browser and server: no src/, server/, React, MapLibre or Node built-ins.',
      severity: 'error',
      from: { path: '^contract/' },
      to: {
        path: '^(src|server)/|node_modules/(react|react-dom|maplibre-gl|terra-draw)/|^node:',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'pure-logic-has-no-ui',
      comment: 'Planner, codec, validation and formatting are unit-tested in plain Node.',
      severity: 'error',
      from: { path: '^src/(features/(search|share|filters|value)|format|geo)/[^/]+\\.ts$', pathNot: '\\.test' },
      to: { path: 'node_modules/(react|react-dom|maplibre-gl|terra-draw)/' },
    },
    {
      name: 'no-test-support-in-production',
      comment: "server/test/ is the API suite's harness: test code, though its files carry no suffix.",
      severity: 'error',
      from: { pathNot: '\\.(test|spec)\\.tsx?$|\\.test-support\\.tsx?$|^server/test/' },
      to: { path: '\\.test-support\\.tsx?$' },
    },
    {
      name: 'formats-is-shared',
      comment: 'formats/ is read by the browser import and the server loader alike: no src/ or server/.',
      severity: 'error',
      from: { path: '^formats/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'formats-is-browser-safe',
      comment: 'Node-only reading (files, streams) is a thin adapter in server/load/.',
      severity: 'error',
      from: { path: '^formats/', pathNot: '\\.test-support\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'src-not-server',
      comment: 'The app talks to the server over HTTP only; shared code lives in contract/ or formats/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-db-imports-no-feature',
      comment: 'db/ is the innermost server layer: features register their schema through server/schema.ts.',
      severity: 'error',
      from: { path: '^server/db/', pathNot: SERVER_TESTS },
      to: { path: '^server/', pathNot: '^server/db/' },
    },
    {
      name: 'server-http-kit-is-foundation',
      comment: 'Shared HTTP helpers (responses, bodies, request ids) know only db/ errors.',
      severity: 'error',
      from: { path: '^server/http-kit/', pathNot: SERVER_TESTS },
      to: { path: '^server/', pathNot: '^server/(db|http-kit)/' },
    },
    {
      name: 'server-auth-below-features',
      comment: 'auth/ (the key gate) sits under the features that serve requests.',
      severity: 'error',
      from: { path: '^server/auth/', pathNot: SERVER_TESTS },
      to: { path: '^server/', pathNot: '^server/(db|http-kit|auth)/|^server/config\\.ts$' },
    },
    {
      name: 'server-feature-to-feature',
      comment: 'Server features do not import each other; the composition root wires them.',
      severity: 'error',
      from: { path: `^server/(${SERVER_FEATURES})/`, pathNot: [SERVER_TESTS, '^server/demo-data/'] },
      to: { path: `^server/(${SERVER_FEATURES})/`, pathNot: ['^server/$1/'] },
    },
    {
      name: 'server-demo-data-uses-load-only',
      comment:
        'The one allowed feature edge: the demo dataset is generated as county sources and loaded through load/ (same ids, areas and stacks as real data).',
      severity: 'error',
      from: { path: '^server/demo-data/', pathNot: SERVER_TESTS },
      to: { path: `^server/(${SERVER_FEATURES})/`, pathNot: ['^server/(demo-data|load)/'] },
    },
    {
      name: 'server-inner-to-outer',
      comment: 'Foundation, auth and features never reach the routes, the composition root or the commands.',
      severity: 'error',
      from: { path: `^server/(db|http-kit|auth|${SERVER_FEATURES})/`, pathNot: SERVER_TESTS },
      to: { path: [SERVER_ROOT, '^server/(http|cli)/'] },
    },
    {
      name: 'server-http-to-root',
      comment: 'The routes are composed by app.ts; they never import it or the commands.',
      severity: 'error',
      from: { path: '^server/http/', pathNot: SERVER_TESTS },
      to: { path: [SERVER_ROOT, '^server/cli/'] },
    },
    {
      name: 'server-root-to-cli',
      severity: 'error',
      from: { path: SERVER_ROOT },
      to: { path: '^server/cli/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(src|server|formats|contract)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // node_modules is not followed, but not excluded either: the rules about React, MapLibre and
    // terra-draw must see imports of them (excluded, those imports vanished and the rules never fired).
    exclude: { path: '^(dist|\\.data)' },
    // maplibre-gl's `exports` map offers only `import` and `types`: without these conditions its
    // imports stayed unresolved and slipped past the rules above.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'default', 'types'] },
  },
}
