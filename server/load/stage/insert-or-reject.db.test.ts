/**
 * Staging through COPY on both backends: a batch goes in whole; when the database refuses one row
 * for its data, that row alone is rejected with the database's reason and the rest are staged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/database'
import { migrate } from '../../db/migrate'
import { migratedPglite } from '../../db/migrated-db.test-support'
import { createTestDatabase, describePostgres } from '../../db/postgres.test-support'
import { openPostgres } from '../../db/postgres-database'
import { SCHEMA } from '../../schema'
import { insertOrReject } from './insert-or-reject'
import { createStage, dropStage, type Stage, type StageInsert } from './stage-table'

const square = (x: number) => ({
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [x, 42],
        [x + 0.001, 42],
        [x + 0.001, 42.001],
        [x, 42.001],
        [x, 42],
      ],
    ],
  ],
})

const row = (seq: number, owner: string): StageInsert => ({
  seq,
  row: {
    feature: seq,
    layer: null,
    attrs: { parcel_id: `P-${seq}`, owner },
    extra: { note: 'a\tb\\c' },
    geom: square(-93 + seq / 100),
  },
  ownerKey: owner,
  pidKey: `P-${seq}`,
  footprint: `f${seq}`,
  svcUuid: null,
})

function stagingSuite(open: () => Promise<{ db: Database; close(): Promise<void> }>) {
  let db: Database
  let close: () => Promise<void>
  let stage: Stage
  beforeAll(async () => {
    ;({ db, close } = await open())
    await migrate(db, SCHEMA)
    stage = await createStage(db)
  }, 300_000)
  afterAll(async () => {
    await dropStage(db, stage).catch(() => {})
    await close()
  })

  it('stages a batch with one COPY, text with tabs and backslashes intact, geometry from EWKB', async () => {
    const rejected: string[] = []
    expect(await insertOrReject(stage, [row(1, 'SMITH'), row(2, 'JONES')], (_, r) => rejected.push(r))).toBe(0)
    const rows = await db.query<{ seq: number; owner: string; note: string; area: number; srid: number }>(
      `SELECT seq, attrs->>'owner' AS owner, extra::jsonb->>'note' AS note, ST_Area(geom) AS area, ST_SRID(geom) AS srid
       FROM ${stage.table} ORDER BY seq`,
    )
    expect(rows.map((r) => [r.seq, r.owner, r.note, r.srid])).toEqual([
      [1, 'SMITH', 'a\tb\\c', 4326],
      [2, 'JONES', 'a\tb\\c', 4326],
    ])
    expect(rows[0]!.area).toBeCloseTo(1e-6, 12)
  })

  it('a row the database refuses (a NUL in JSON) is rejected alone with the reason; the rest are staged', async () => {
    const rejected: { seq: number; reason: string }[] = []
    const n = await insertOrReject(stage, [row(3, 'OK 3'), row(4, 'BAD\u0000NUL'), row(5, 'OK 5')], (r, reason) =>
      rejected.push({ seq: r.seq, reason }),
    )
    expect(n).toBe(1)
    expect(rejected).toEqual([{ seq: 4, reason: expect.stringMatching(/^refused by the database: .*(unicode|0x00)/i) }])
    const seqs = await db.query<{ seq: number }>(`SELECT seq FROM ${stage.table} WHERE seq >= 3 ORDER BY seq`)
    expect(seqs.map((r) => r.seq)).toEqual([3, 5])
  })
}

describe('staging through COPY on the embedded database', () => {
  // A copy of the migrated schema (migrated-db.test-support.ts): an initdb and PostGIS made anew took
  // most of this file's 97 s in CI (issue 36).
  stagingSuite(async () => {
    const { db, cleanup } = await migratedPglite('plat-stage-copy', SCHEMA)
    return { db, close: cleanup }
  })
})

describePostgres('staging through COPY on PostgreSQL', (serverUrl) => {
  stagingSuite(async () => {
    const target = await createTestDatabase(serverUrl, 'plat_stage_copy')
    const db = await openPostgres({ url: target.url, poolSize: 2, maxWaiting: 4 })
    return {
      db,
      close: async () => {
        await db.close()
        await target.drop()
      },
    }
  })
})
