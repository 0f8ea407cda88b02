/**
 * Spec rules 1–4 of POST /parcels/query: every operator of every field group, AND, scope, 400s.
 * Expectations come from the whole demo data set, fetched through the API and filtered locally.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { FIELDS, type FieldDef, GROUP_OPERATORS, SCOPE_FIELDS, SCOPED_FIELDS } from '../../contract/fields'
import type { NullMode } from '../../contract/filter-match'
import { expectErrorBody, expectFilterAnswer } from './checks'
import { allParcels, type Filter, mostCommon, nonNull, type Parcel, queryOk } from './data'
import { post } from './http'

let all: Parcel[]
beforeAll(async () => {
  all = await allParcels()
  expect(all.length).toBeGreaterThan(1000)
})

const isScoped = (field: string) => (SCOPED_FIELDS as readonly string[]).includes(field)
/** Satisfies rule 3 without narrowing: every parcel has a state. */
const NEUTRAL_SCOPE: Filter = { field: 'state', op: 'ne', value: 'ZZ' }
const withScope = (field: string, filters: Filter[]) => (isScoped(field) ? [...filters, NEUTRAL_SCOPE] : filters)

const seenNullModes = new Set<NullMode>()

/** Sorted distinct non-null numeric values of a field. */
function numericValues(field: string): number[] {
  return [...new Set(nonNull(all, field) as number[])].sort((a, b) => a - b)
}
const quantile = (values: number[], q: number) => values[Math.floor((values.length - 1) * q)] as number

/** A substring from the middle of a value, with its case flipped (ilike is case-insensitive). */
function ilikeNeedle(value: string): string {
  const len = Math.min(5, value.length)
  const start = Math.floor((value.length - len) / 2)
  const part = value.slice(start, start + len)
  return [...part].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')
}

/** A filter for field + op built from the data (value chosen so the answer is neither empty nor all). */
function filterFor(def: FieldDef, op: string): Filter {
  if (op === 'isnull') throw new Error('isnull is built by the caller')
  if (def.group === 'numeric') {
    const values = numericValues(def.name)
    expect(values.length, `${def.name} has no values in the demo data`).toBeGreaterThan(2)
    const [q1, med, q3] = [quantile(values, 0.25), quantile(values, 0.5), quantile(values, 0.75)]
    switch (op) {
      case 'between':
        return { field: def.name, op, value: [q1, q3] }
      case 'in':
        return { field: def.name, op, value: [q1, med, q3] }
      case 'nin':
        return { field: def.name, op, value: [q1, med] }
      default:
        return { field: def.name, op, value: med }
    }
  }
  const common = mostCommon(all, def.name)
  expect(common.n, `${def.name} has no values in the demo data`).toBeGreaterThan(0)
  const v = common.value as string
  const other = (nonNull(all, def.name) as string[]).find((x) => x !== v)
  switch (op) {
    case 'ilike':
      return { field: def.name, op, value: ilikeNeedle(v) }
    case 'in':
    case 'nin':
      return { field: def.name, op, value: other === undefined ? [v] : [v, other] }
    default:
      return { field: def.name, op, value: v }
  }
}

describe('every operator of every field (rule 2), answers equal the oracle', () => {
  for (const def of FIELDS) {
    for (const op of GROUP_OPERATORS[def.group]) {
      if (op === 'isnull') {
        for (const value of [true, false]) {
          it(`${def.group} ${def.name} isnull ${value}`, async () => {
            await expectFilterAnswer(all, withScope(def.name, [{ field: def.name, op, value }]))
          })
        }
        continue
      }
      it(`${def.group} ${def.name} ${op}`, async () => {
        const filter = filterFor(def, op)
        const result = await expectFilterAnswer(all, withScope(def.name, [filter]))
        if (result.nullMode) seenNullModes.add(result.nullMode)
        if (op === 'eq' || op === 'in' || op === 'gte' || op === 'lte' || op === 'between' || op === 'ilike') {
          expect(result.count, `${JSON.stringify(filter)} should match something`).toBeGreaterThan(0)
        }
      })
    }
  }

  it('ne/nin treat null values the same way on every field', () => {
    expect(seenNullModes.size, `seen: ${[...seenNullModes].join(', ')}`).toBeLessThanOrEqual(1)
  })
})

describe('complements partition the total count', () => {
  const total = async (filters: Filter[]) => (await queryOk({ filters, limit: 1 })).count
  let everything = 0
  beforeAll(async () => {
    everything = await total([])
    expect(everything).toBe(all.length)
  })

  for (const field of ['acres', 'parcel_value', 'elevation', 'cdl_majority_percent']) {
    it(`${field}: gt m + lte m + isnull = total; lt m + gte m + isnull = total`, async () => {
      const m = quantile(numericValues(field), 0.5)
      const nulls = await total([{ field, op: 'isnull', value: true }])
      const notNull = await total([{ field, op: 'isnull', value: false }])
      expect(nulls + notNull).toBe(everything)
      const gt = await total([{ field, op: 'gt', value: m }])
      const lte = await total([{ field, op: 'lte', value: m }])
      const lt = await total([{ field, op: 'lt', value: m }])
      const gte = await total([{ field, op: 'gte', value: m }])
      const eq = await total([{ field, op: 'eq', value: m }])
      expect(gt + lte + nulls).toBe(everything)
      expect(lt + gte + nulls).toBe(everything)
      expect(gte - gt).toBe(eq)
      expect(eq).toBeGreaterThan(0)
    })
  }

  for (const field of ['county_fp', 'state_fp', 'cdl_majority_category', 'zoning', 'city']) {
    it(`${field}: eq v + ne v (+ nulls) = total; in + nin (+ nulls) = total`, async () => {
      const v = mostCommon(all, field).value
      const others = (nonNull(all, field) as unknown[]).filter((x) => x !== v)
      const w = others[0] ?? v
      const nulls = await total([{ field, op: 'isnull', value: true }])
      const eq = await total([{ field, op: 'eq', value: v }])
      const ne = await total([{ field, op: 'ne', value: v }])
      const inn = await total([{ field, op: 'in', value: [v, w] }])
      const nin = await total([{ field, op: 'nin', value: [v, w] }])
      expect([everything, everything - nulls]).toContain(eq + ne)
      expect(eq + ne === everything ? inn + nin : inn + nin + nulls).toBe(everything)
    })
  }
})

describe('between (rule 4)', () => {
  for (const field of ['acres', 'parcel_value', 'cdl_majority_value', 'sq_feet']) {
    it(`${field}: both bounds inclusive, and equal to gte AND lte`, async () => {
      const values = numericValues(field)
      const lo = quantile(values, 0.2)
      const hi = quantile(values, 0.6)
      const between = await expectFilterAnswer(all, [{ field, op: 'between', value: [lo, hi] }])
      const range = await queryOk({
        filters: [
          { field, op: 'gte', value: lo },
          { field, op: 'lte', value: hi },
        ],
        limit: 1,
      })
      expect(between.count).toBe(range.count)
      // Records sitting exactly on each bound are in.
      for (const bound of [lo, hi]) {
        const onBound = await queryOk({ filters: [{ field, op: 'between', value: [bound, bound] }], limit: 100 })
        const eq = await queryOk({ filters: [{ field, op: 'eq', value: bound }], limit: 1 })
        expect(onBound.count).toBe(eq.count)
        expect(onBound.count).toBeGreaterThan(0)
        for (const r of onBound.results) expect(r[field]).toBe(bound)
      }
      // Just inside the bounds excludes them.
      const span = hi - lo
      if (span > 0) {
        const inner = await queryOk({
          filters: [{ field, op: 'between', value: [lo + span * 1e-9, hi - span * 1e-9] }],
          limit: 1,
        })
        const atLo = all.filter((r) => r[field] === lo).length
        const atHi = all.filter((r) => r[field] === hi).length
        expect(inner.count).toBe(between.count - atLo - atHi)
      }
    })
  }
})

describe('filters combine with AND (rule 1)', () => {
  it('three filters: the answer is the intersection, on every page', async () => {
    const acres = quantile(numericValues('acres'), 0.4)
    const crop = mostCommon(all, 'cdl_majority_category').value
    const state = mostCommon(all, 'state_fp').value
    const filters: Filter[] = [
      { field: 'state_fp', op: 'eq', value: state },
      { field: 'acres', op: 'gt', value: acres },
      { field: 'cdl_majority_category', op: 'ne', value: crop },
    ]
    const { count } = await expectFilterAnswer(all, filters, { walk: true })
    for (const f of filters) {
      const alone = await queryOk({ filters: [f], limit: 1 })
      expect(count).toBeLessThanOrEqual(alone.count)
    }
  })

  it('ten filters (the maximum) are accepted and all applied', async () => {
    const values = numericValues('acres')
    const filters: Filter[] = [
      { field: 'acres', op: 'gte', value: quantile(values, 0.1) },
      { field: 'acres', op: 'lte', value: quantile(values, 0.9) },
      { field: 'acres', op: 'isnull', value: false },
      { field: 'state', op: 'ne', value: 'ZZ' },
      { field: 'state_fp', op: 'nin', value: ['00'] },
      { field: 'parcel_value', op: 'gte', value: 0 },
      { field: 'acres', op: 'between', value: [quantile(values, 0.2), quantile(values, 0.8)] },
      { field: 'svc_uuid', op: 'isnull', value: false },
      { field: 'county_fp', op: 'isnull', value: false },
      { field: 'acres', op: 'ne', value: quantile(values, 0.5) },
    ]
    await expectFilterAnswer(all, filters, { walk: true })
  })

  it('contradictory filters give count 0 and no results', async () => {
    const res = await queryOk({
      filters: [
        { field: 'state_fp', op: 'eq', value: '19' },
        { field: 'state_fp', op: 'ne', value: '19' },
      ],
    })
    expect(res.count).toBe(0)
    expect(res.results).toEqual([])
  })

  it('no filters: every parcel', async () => {
    const res = await queryOk({ filters: [], limit: 1 })
    expect(res.count).toBe(all.length)
  })
})

describe('text operators', () => {
  it('ilike is a case-insensitive substring match over the whole value', async () => {
    const crop = mostCommon(all, 'cdl_majority_category').value as string
    for (const needle of [crop.toUpperCase(), crop.toLowerCase(), crop.slice(1, -1)]) {
      await expectFilterAnswer(all, [{ field: 'cdl_majority_category', op: 'ilike', value: needle }])
    }
  })

  it('ilike treats % and _ as literal characters, not wildcards', async () => {
    for (const needle of ['%', '_', 'a%b', '\\', "'"]) {
      const res = await queryOk({ filters: [{ field: 'city', op: 'ilike', value: needle }], limit: 100 })
      for (const r of res.results) expect(String(r.city).toLowerCase()).toContain(needle.toLowerCase())
      await expectFilterAnswer(all, [{ field: 'city', op: 'ilike', value: needle }])
    }
  })

  it('eq on text is exact (a different case does not match)', async () => {
    const v = mostCommon(all, 'city').value as string
    const flipped = v === v.toUpperCase() ? v.toLowerCase() : v.toUpperCase()
    await expectFilterAnswer(all, [{ field: 'city', op: 'eq', value: flipped }])
  })

  it('svc_uuid eq finds exactly one parcel; svc_uuid in finds exactly the listed ones', async () => {
    const pick = all.filter((_, i) => i % 97 === 5).map((r) => r.svc_uuid)
    const one = await queryOk({ filters: [{ field: 'svc_uuid', op: 'eq', value: pick[0] }] })
    expect(one.count).toBe(1)
    expect(one.results[0]?.svc_uuid).toBe(pick[0])
    const many = await queryOk({ filters: [{ field: 'svc_uuid', op: 'in', value: pick }], limit: 100 })
    expect(many.count).toBe(pick.length)
    expect(new Set(many.results.map((r) => r.svc_uuid))).toEqual(new Set(pick))
  })
})

describe('unknown field and invalid operator: 400 (rule 2)', () => {
  const cases: [string, Filter][] = [
    ['unknown field', { field: 'nope', op: 'eq', value: 1 }],
    ['a record field that is not queryable', { field: 'geom', op: 'isnull', value: true }],
    ['buildings', { field: 'buildings', op: 'isnull', value: true }],
    ['a field name in the wrong case', { field: 'ACRES', op: 'gt', value: 1 }],
    ['an empty field name', { field: '', op: 'eq', value: 'x' }],
    ['ilike on numeric acres', { field: 'acres', op: 'ilike', value: '1' }],
    ['gt on text owner (scoped)', { field: 'owner', op: 'gt', value: 5 }],
    ['between on text city', { field: 'city', op: 'between', value: [1, 2] }],
    ['lt on id state_fp', { field: 'state_fp', op: 'lt', value: 20 }],
    ['ilike on id county', { field: 'county', op: 'ilike', value: 'story' }],
    ['between on id svc_uuid', { field: 'svc_uuid', op: 'between', value: [1, 2] }],
    ['unknown operator', { field: 'city', op: 'like', value: 'a' }],
    ['operator in the wrong case', { field: 'acres', op: 'EQ', value: 1 }],
    ['empty operator', { field: 'acres', op: '', value: 1 }],
  ]
  for (const [label, filter] of cases) {
    it(`${label} → 400 {detail}`, async () => {
      const filters = [filter, { field: 'state_fp', op: 'eq', value: '19' }]
      expectErrorBody(await post('/parcels/query', { filters }), 400)
    })
  }

  it('the bad filter is found at any index', async () => {
    const filters: Filter[] = [
      { field: 'state_fp', op: 'eq', value: '19' },
      { field: 'acres', op: 'gt', value: 1 },
      { field: 'zzz', op: 'eq', value: 1 },
    ]
    expectErrorBody(await post('/parcels/query', { filters }), 400)
  })

  it('an unknown order field → 400 {detail}', async () => {
    expectErrorBody(await post('/parcels/query', { filters: [], order: { field: 'nope' } }), 400)
    expectErrorBody(await post('/parcels/query', { filters: [], order: { field: 'geom', direction: 'desc' } }), 400)
  })
})

describe('geographic scope (rule 3)', () => {
  for (const field of SCOPED_FIELDS) {
    it(`${field} without state_fp/state/county_fp → 400 {detail}`, async () => {
      const filter: Filter = { field, op: 'ilike', value: 'a' }
      expectErrorBody(await post('/parcels/query', { filters: [filter] }), 400)
      // other filters are no scope
      const withOthers = [
        filter,
        { field: 'county', op: 'eq', value: 'Story' },
        { field: 'postal', op: 'isnull', value: false },
      ]
      expectErrorBody(await post('/parcels/query', { filters: withOthers }), 400)
    })

    for (const scope of SCOPE_FIELDS) {
      it(`${field} with a ${scope} filter → 200, narrowed by both`, async () => {
        const parcel = all.find((r) => typeof r[field] === 'string' && (r[field] as string).length > 2)
        expect(parcel, `no parcel with a ${field}`).toBeDefined()
        const filters: Filter[] = [
          { field, op: 'ilike', value: ilikeNeedle(parcel![field] as string) },
          { field: scope, op: 'eq', value: parcel![scope] },
        ]
        const result = await expectFilterAnswer(all, filters)
        expect(result.count).toBeGreaterThan(0)
      })
    }
  }

  it('the scope filter may come before the scoped one, and use any operator', async () => {
    const res = await post('/parcels/query', {
      filters: [
        { field: 'state_fp', op: 'in', value: ['19', '06', '20'] },
        { field: 'owner', op: 'isnull', value: false },
      ],
    })
    expect(res.status).toBe(200)
  })
})
