import { CHANGES_MIGRATIONS } from './changes/changes-schema'
import { DB_MIGRATIONS, type Migration } from './db/migrate'
import { PROXY_MIGRATIONS } from './proxy/proxy-schema'
import { TILES_MIGRATIONS } from './tiles/tiles-schema'

/**
 * The whole database schema: the data layer's tables (ids below 20) and each feature's own steps
 * (tiles 20–29, proxy 30–39, changes 40–49). Listed here, at the composition root, so db/ imports no feature.
 */
export const SCHEMA: readonly Migration[] = [
  ...DB_MIGRATIONS,
  ...TILES_MIGRATIONS,
  ...PROXY_MIGRATIONS,
  ...CHANGES_MIGRATIONS,
]
