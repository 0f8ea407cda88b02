/**
 * Every address lookup is bounded on PostgreSQL (issue 39: "no scan of the table"): the EXPLAIN of
 * the exact statement byAddress sends, with the options it sends it with, for a normal address and
 * for the texts that used to scan — a short odd text that passes validation, digits only, emoji
 * around a word, the table's most common word and zip code. At 20,000 parcels ANALYZEd, before the
 * fix, a whole address, "50010" and "MAIN" each planned a Seq Scan of a state's partition, and a
 * common word ("CA", "st a") of every one (0.25–0.65 s each), with no trigram index used.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureDemoDataset } from '../demo-data/demo-dataset'
import { SCHEMA } from '../schema'
import { migratedPostgres, type TestDatabase } from './migrated-db.test-support'
import { ADDRESS_CANDIDATES, addressLookup } from './parcels-repo'
import { describePostgres } from './postgres.test-support'

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)]
}

describePostgres('the address lookup on PostgreSQL', (url) => {
  let t: TestDatabase
  const texts: Record<string, string> = {}

  beforeAll(async () => {
    t = await migratedPostgres(url, 'plat_address_plan', SCHEMA)
    await ensureDemoDataset(t.db, { parcels: 20_000, seed: 3 }, () => {})
    await t.db.exec('ANALYZE parcels')
    const [row] = await t.db.query<{ a: string }>('SELECT address_text AS a FROM parcels ORDER BY svc_uuid LIMIT 1')
    const common = async (pattern: string) => {
      const [w] = await t.db.query<{ w: string; n: number }>(
        `SELECT w, count(*)::int AS n FROM parcels, unnest(string_to_array(address_text, ' ')) AS w
          WHERE w ~ '${pattern}' GROUP BY w ORDER BY 2 DESC, 1 LIMIT 1`,
      )
      // Common enough that the planner, left alone, prefers to scan for it.
      expect(w!.n).toBeGreaterThan(3 * ADDRESS_CANDIDATES)
      return w!.w
    }
    Object.assign(texts, {
      'a normal address': row!.a,
      'a short odd text that passes validation': 'a-b c',
      'three digits': '123',
      'the most common zip code': await common('^[0-9]{5}$'),
      'emoji around a word (the emoji hold no trigram)': `${'😀'.repeat(20)} main ${'😀'.repeat(20)}`,
      'the most common word of three or more letters': await common('^[A-Z]{3,}$'),
    })
    // Punctuation or emoji beside a common word: the trigram index names every parcel with the word,
    // and a substring test with the comma would throw each away after reading it.
    texts['the common word with a comma'] = `${texts['the most common word of three or more letters']}, CA`
    texts['two common words the other way round'] =
      `${texts['the most common zip code']} ${texts['the most common word of three or more letters']}`
    texts['the common word beside an emoji'] = `${texts['the most common word of three or more letters']} 😀`
  }, 180_000)

  afterAll(async () => {
    await t?.cleanup()
  })

  it('reaches parcels only through an index, never a Seq Scan, and reads a bounded number of rows', async () => {
    for (const [what, address] of Object.entries(texts)) {
      for (const opts of [{}, { state: 'IA' }]) {
        const { sql, params } = addressLookup(address, { limit: 20, includeBuildings: false, ...opts })
        const [row] = await t.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
          params,
          { indexPathsOnly: true },
        )
        const all = nodes(row!['QUERY PLAN'][0].Plan)
        const label = `${what} (${JSON.stringify(address)}, ${JSON.stringify(opts)})`
        const onParcels = all.filter((n) => n['Relation Name']?.startsWith('parcels'))
        expect(onParcels.length, label).toBeGreaterThan(0)
        // No Seq Scan: the heap is read only at rows an index names — the address trigram index,
        // or with `state` the state's (a partition of another state is ruled out by it at once).
        for (const n of onParcels) expect(['Bitmap Heap Scan', 'Index Scan'], label).toContain(n['Node Type'])
        const indexes = all.filter((n) => /Index Scan/.test(n['Node Type'])).map((n) => n['Index Name'])
        expect(indexes.length, label).toBeGreaterThan(0)
        for (const name of indexes)
          expect(name, label).toMatch(/address_text_idx|address_trgm|_state_idx|parcels_state/)
        // And the rows read are bounded whatever the text: those returned plus those a recheck or
        // a filter threw away.
        const heapRows = onParcels.reduce(
          (s, n) =>
            s +
            ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
              (n['Actual Loops'] ?? 1),
          0,
        )
        // The two branches' LIMITs, plus the rows a recheck threw away on the way (243 for
        // "FRESNO, CA"): well under the 3 × ADDRESS_CANDIDATES parcels the common texts match.
        expect(heapRows, label).toBeLessThanOrEqual(2.5 * ADDRESS_CANDIDATES)
      }
    }
  })

  it('still finds the address itself first', async () => {
    const address = texts['a normal address']!
    const { sql, params } = addressLookup(address, { limit: 5, includeBuildings: false })
    const rows = await t.db.query<{ r: string }>(sql, params, { indexPathsOnly: true })
    const [best] = await t.db.query<{ a: string }>(
      `SELECT p.address_text AS a FROM parcels p WHERE p.record::text = $1`,
      [rows[0]!.r],
    )
    expect(best!.a).toBe(address)
  })
})
