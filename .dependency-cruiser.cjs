/**
 * Import direction (../shared/DESIGN.md), checked in `npm test`:
 * contract → foundation (src/api, src/state, src/config, src/format, src/geo, src/ui) → feature
 * folders → src/app. Features never import each other; contract stays free of React, DOM and Node.
 */
const FEATURES = 'search|filters|results|map|draw|parcel|share|lookup|settings|saved|import|export|value'
const FOUNDATION = 'api|state|config|format|geo|ui'

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
      comment: 'The foundation (api, state, config, format, geo, ui) knows no feature.',
      severity: 'error',
      from: { path: `^src/(${FOUNDATION})/` },
      to: { path: `^src/(${FEATURES})/` },
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
      from: { path: '^src/(search|share|filters|format|geo|value)/[^/]+\\.ts$', pathNot: '\\.test' },
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
    exclude: { path: '^(dist|node_modules|\\.data)' },
  },
}
