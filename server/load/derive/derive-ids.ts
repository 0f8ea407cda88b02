/**
 * Stable parcel ids: UUIDv5 of state + county FIPS and the parcel number, so a county reloaded after
 * its yearly update keeps the ids of unchanged parcels. A parcel number used more than once adds
 * the record's footprint; records that share both (or have no number and share a footprint) add
 * their rank by attribute content, then by position. Without a parcel number the footprint alone
 * names the parcel.
 */
import type { Stage } from '../stage/stage-table'
import { PARCEL_NAMESPACE, uuidV5 } from './uuid-v5'

export const parcelUuid = (fips: string, pidKey: string): string => uuidV5(`${fips}|${pidKey}`, PARCEL_NAMESPACE)

export async function deriveIds(stage: Stage, fips: string): Promise<number> {
  const t = stage.table
  // Unique parcel numbers got their id while staging; the rest (usually few) are listed once. Only
  // the rows of a repeated (or missing) number are ranked: ranking all of them hashed every row's
  // attributes (issue 23: most of this phase's 2 s at 200,000 parcels).
  await stage.db.exec(`
    CREATE UNLOGGED TABLE ${t}_dup AS
    SELECT seq, pid_key, footprint,
           count(*) OVER (PARTITION BY pid_key, footprint) AS same_n,
           row_number() OVER (PARTITION BY pid_key, footprint ORDER BY md5(attrs::text || extra), seq) AS tie
    FROM ${t}
    WHERE rejected IS NULL
      AND (pid_key IS NULL OR pid_key IN (SELECT pid_key FROM ${t} WHERE rejected IS NULL AND pid_key IS NOT NULL
                                          GROUP BY pid_key HAVING count(*) > 1))`)
  let changed = 0
  for (let after = 0; ; ) {
    const rows = await stage.db.query<{
      seq: number
      pid_key: string | null
      footprint: string
      same_n: number
      tie: number
    }>(`SELECT seq, pid_key, footprint, same_n::int, tie::int FROM ${t}_dup WHERE seq > $1 ORDER BY seq LIMIT 10000`, [
      after,
    ])
    if (rows.length === 0) return changed
    after = rows.at(-1)!.seq
    const ids = rows.map((r) => {
      const tie = r.same_n > 1 ? `|${r.tie}` : ''
      return uuidV5(`${fips}|${r.pid_key ?? ''}|${r.footprint}${tie}`, PARCEL_NAMESPACE)
    })
    await stage.db.query(`INSERT INTO ${t}_ids (seq, svc_uuid) SELECT * FROM unnest($1::int[], $2::text[])`, [
      rows.map((r) => r.seq),
      ids,
    ])
    changed += rows.length
  }
}
