/**
 * One load of a county at a time on a PostgreSQL database, however the loads were started (a
 * `--counties` list, or two `npm run load` by hand): each holds a session advisory lock of the
 * registry's `countyLoad` with the county's FIPS as second key, on a connection of its own, from
 * before it asks whether the county is loaded until it ends. Loads of different counties overlap
 * freely; they take turns only for the change log's step of the county's transaction, behind its
 * lock (write-county.ts, change-log-repo.ts), so data versions chain. A second load of a county being loaded is refused
 * at once, in words, and changes nothing: waiting would make it replace what the first just loaded,
 * a choice a person should make. PostgreSQL drops the lock with the session, however the load died.
 */
import pg from 'pg'
import { ADVISORY_LOCKS } from '../db/advisory-locks'
import type { CountyIdentity } from './write/write-county'

/** Another load holds the county: nothing was changed. */
export class CountyBusyError extends Error {}

export interface HeldCounty {
  release(): Promise<void>
}

export async function holdCountyLoad(url: string, county: CountyIdentity): Promise<HeldCounty> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  let held = false
  try {
    const rows = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
      ADVISORY_LOCKS.countyLoad,
      Number(county.state_fp + county.county_fp),
    ])
    held = rows.rows[0]?.ok === true
  } finally {
    if (!held) await client.end().catch(() => {})
  }
  if (!held) {
    throw new CountyBusyError(
      `${county.county} County, ${county.state} (${county.state_fp}${county.county_fp}) is being loaded by another load right now; this one changed nothing. Load it again once that one has ended (npm run load -- --list shows what is loaded).`,
    )
  }
  return { release: () => client.end().catch(() => {}) }
}
