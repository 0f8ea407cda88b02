import type { ParcelRow } from '../db/parcel-row'
import { DEMO_COUNTIES, parcelsPerCounty } from './counties'
import { buildCounty } from './county-build'
import { makeParcels } from './parcel-record'
import { parcelUuid } from './uuid'

export interface GenerateOptions {
  seed: number
  parcels: number
}

/** Rows per yielded batch: small enough for one bound jsonb parameter, large enough to be cheap. */
const BATCH = 2000

/**
 * The demo data set: `opts.parcels` parcels spread over the demo counties by share, in batches of at
 * most 2,000 so memory stays bounded even at millions of parcels (only one county's layout is held
 * at a time). Same options → byte-identical output; the total yielded is exactly `opts.parcels`.
 */
export function* generateDemoParcels(opts: GenerateOptions): Generator<ParcelRow[]> {
  if (!Number.isSafeInteger(opts.parcels) || opts.parcels < 0)
    throw new Error(`parcels must be a whole number ≥ 0, got ${opts.parcels}`)
  if (!Number.isSafeInteger(opts.seed)) throw new Error(`seed must be an integer, got ${opts.seed}`)
  const counts = parcelsPerCounty(opts.parcels)
  let batch: ParcelRow[] = []
  let index = 0
  for (let c = 0; c < DEMO_COUNTIES.length; c++) {
    const total = counts[c] as number
    if (total === 0) continue
    const build = buildCounty(c, DEMO_COUNTIES[c]!, total, opts.seed)
    for (let site = 0; site < build.sites.size; site++) {
      const uuids: string[] = []
      for (let u = 0; u < build.sites.mult[site]!; u++) uuids.push(parcelUuid(opts.seed, index++))
      for (const row of makeParcels(build, site, uuids)) {
        batch.push(row)
        if (batch.length === BATCH) {
          yield batch
          batch = []
        }
      }
    }
  }
  if (batch.length > 0) yield batch
}
