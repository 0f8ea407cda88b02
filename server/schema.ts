import { CHANGES_MIGRATIONS } from './db/change-log-repo'
import { DB_MIGRATIONS, type Migration } from './db/migrate'
import { ID_STATE_MIGRATIONS } from './db/parcel-id-states'
import { PARTITION_MIGRATIONS } from './db/parcel-partitions'
import { PLACES_MIGRATIONS } from './db/places-repo'
import { PROXY_MIGRATIONS } from './proxy/proxy-schema'
import { TILES_MIGRATIONS } from './tiles/tiles-schema'
import { WATCHES_MIGRATIONS } from './watches/watches-schema'

/**
 * The whole database schema: the data layer's tables (ids below 20; 13, parcels by state on PostgreSQL, in db/parcel-partitions.ts; 14, ids to states, in db/parcel-id-states.ts) and each feature's own steps
 * (tiles 20–29, proxy 30–39, changes 40–49, watches 50–59). A table two features touch keeps its steps beside its
 * SQL in db/ (places 22, the change log 40) under the id range it was born in, so a database made
 * before they moved there migrates the same. Listed here, at the composition root, so db/ imports no feature.
 */
export const SCHEMA: readonly Migration[] = [
  ...DB_MIGRATIONS,
  ...PARTITION_MIGRATIONS,
  ...ID_STATE_MIGRATIONS,
  ...PLACES_MIGRATIONS,
  ...TILES_MIGRATIONS,
  ...PROXY_MIGRATIONS,
  ...CHANGES_MIGRATIONS,
  ...WATCHES_MIGRATIONS,
]
