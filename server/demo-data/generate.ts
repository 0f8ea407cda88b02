import type { StagedRow } from '../load/rows/staged-row'
import { DEMO_COUNTIES, type DemoCounty, parcelsPerCounty } from './counties'
import { buildCounty } from './county-build'
import { makeParcels } from './parcel-record'

export interface GenerateOptions {
  seed: number
  parcels: number
}

/**
 * The generator's edition, kept with the generated data (demo-dataset.ts): bump it whenever a change
 * alters what the generator writes (new fields, other values), so a data folder made by an older
 * version is generated again on the next start instead of serving records the app no longer
 * expects. 2: crop history, land-use classes and the owner roster (issues 21, 23, 25); 3: an
 * operator's later farms spelled as other deeds spell them (issue 38).
 */
export const DEMO_GENERATOR_VERSION = 3

/** Rows per yielded batch: small enough for one bound jsonb parameter, large enough to be cheap. */
const BATCH = 2000

/** One demo county: what it is, how many records it gets, and its records in batches. */
export interface DemoCountySource {
  county: DemoCounty
  parcels: number
  batches(): Generator<StagedRow[]>
}

/**
 * The demo data set as sources for the load path, one per demo county: `opts.parcels` records
 * spread over the counties by share, in batches of at most 2,000 so memory stays bounded even at
 * millions of parcels (only one county's layout is held at a time, built when its batches are
 * asked for). Same options → byte-identical output; the totals add up to `opts.parcels` exactly.
 */
export function demoCountySources(opts: GenerateOptions): DemoCountySource[] {
  if (!Number.isSafeInteger(opts.parcels) || opts.parcels < 0)
    throw new Error(`parcels must be a whole number ≥ 0, got ${opts.parcels}`)
  if (!Number.isSafeInteger(opts.seed)) throw new Error(`seed must be an integer, got ${opts.seed}`)
  const counts = parcelsPerCounty(opts.parcels)
  return DEMO_COUNTIES.map((county, c) => ({
    county,
    parcels: counts[c] as number,
    *batches() {
      const total = counts[c] as number
      if (total === 0) return
      const build = buildCounty(c, county, total, opts.seed)
      let batch: StagedRow[] = []
      let feature = 1
      for (let site = 0; site < build.sites.size; site++) {
        for (const row of makeParcels(build, site, feature)) {
          batch.push(row)
          if (batch.length === BATCH) {
            yield batch
            batch = []
          }
        }
        feature += build.sites.mult[site]!
      }
      if (batch.length > 0) yield batch
    },
  }))
}
