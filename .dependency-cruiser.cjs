/**
 * Import direction (../shared/DESIGN.md), checked in `npm test`:
 * contract → foundation (src/api, src/cache, src/state, src/config, src/format, src/geo, src/ports,
 * src/ui) → feature folders → src/app (workspace/ ← panels/). Features never import each other;
 * contract stays free of React, DOM and Node; the workspace is plain TypeScript.
 */
const FEATURES = 'search|filters|results|map|draw|parcel|share|lookup|settings|saved|import|export'
const FOUNDATION = 'api|cache|state|config|format|geo|ports|ui'

module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment: 'Feature folders do not import each other; src/app composes them.',
      severity: 'error',
      from: { path: `^src/(${FEATURES})/` },
      to: { path: `^src/(${FEATURES})/`, pathNot: ['^src/$1/'] },
    },
    {
      name: 'feature-to-app',
      severity: 'error',
      from: { path: `^src/(${FEATURES}|${FOUNDATION})/` },
      to: { path: '^src/(app/|main)' },
    },
    {
      name: 'foundation-to-feature',
      comment: 'The foundation (api, cache, state, config, format, geo, ports, ui) knows no feature.',
      severity: 'error',
      from: { path: `^src/(${FOUNDATION})/` },
      to: { path: `^src/(${FEATURES})/` },
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
      from: { path: '^src/(search|share|filters|format|geo)/[^/]+\\.ts$', pathNot: '\\.test' },
      to: { path: 'node_modules/(react|react-dom|maplibre-gl|terra-draw)/' },
    },
    {
      name: 'no-test-support-in-production',
      severity: 'error',
      from: { pathNot: '\\.(test|spec)\\.tsx?$|\\.test-support\\.ts$' },
      to: { path: '\\.test-support\\.ts$' },
    },
    { name: 'no-circular', severity: 'error', from: { path: '^src/' }, to: { circular: true } },
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
