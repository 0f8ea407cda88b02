/**
 * Stable parcel ids: UUIDv5 of state + county FIPS and the parcel number, so a county reloaded after
 * its yearly update keeps the ids of unchanged parcels. A parcel number used more than once adds
 * the record's footprint; records that share both (or have no number and share a footprint) add
 * their rank by attribute content, then by position. Without a parcel number the footprint alone
 * names the parcel.
 */
import { type Stage, stagePages } from './stage-table'
import { PARCEL_NAMESPACE, uuidV5 } from './uuid-v5'

export const parcelUuid = (fips: string, pidKey: string): string => uuidV5(`${fips}|${pidKey}`, PARCEL_NAMESPACE)

export async function deriveIds(stage: Stage, fips: string): Promise<number> {
  const t = stage.table
  // Unique parcel numbers got their id while staging; these are the rest.
  await stage.db.exec(`
    ALTER TABLE ${t} ADD COLUMN pid_n int, ADD COLUMN same_n int, ADD COLUMN tie int;
    UPDATE ${t} SET pid_n = w.pid_n, same_n = w.same_n, tie = w.tie
    FROM (SELECT seq,
                 count(*) OVER (PARTITION BY pid_key) AS pid_n,
                 count(*) OVER (PARTITION BY pid_key, footprint) AS same_n,
                 row_number() OVER (PARTITION BY pid_key, footprint ORDER BY md5(attrs::text || extra), seq) AS tie
          FROM ${t} WHERE rejected IS NULL) w
    WHERE ${t}.seq = w.seq`)
  let changed = 0
  const pages = stagePages<{ seq: number; pid_key: string | null; footprint: string; same_n: number; tie: number }>(
    stage,
    'pid_key, footprint, same_n, tie',
    'pid_key IS NULL OR pid_n > 1',
  )
  for await (const rows of pages) {
    const ids = rows.map((r) => {
      const tie = r.same_n > 1 ? `|${r.tie}` : ''
      return uuidV5(`${fips}|${r.pid_key ?? ''}|${r.footprint}${tie}`, PARCEL_NAMESPACE)
    })
    await stage.db.query(
      `UPDATE ${t} SET svc_uuid = u.id FROM unnest($1::int[], $2::text[]) AS u(seq, id) WHERE ${t}.seq = u.seq`,
      [rows.map((r) => r.seq), ids],
    )
    changed += rows.length
  }
  return changed
}
