import { describe, expect, it } from 'vitest'
import { FIELDS, GROUP_OPERATORS, OPERATORS } from './fields'
import { checkQueryRequest, checkScope } from './query-rules'

const q = (filters: unknown[], extra: Record<string, unknown> = {}) => checkQueryRequest({ filters, ...extra })

describe('checkQueryRequest', () => {
  it('applies the spec defaults', () => {
    const r = q([])
    expect(r).toEqual({ ok: true, query: { filters: [], limit: 20, offset: 0, include_buildings: false } })
  })

  it.each([
    [{ limit: 0 }, ['body', 'limit']],
    [{ limit: 101 }, ['body', 'limit']],
    [{ offset: -1 }, ['body', 'offset']],
    [{ offset: 10_001 }, ['body', 'offset']],
    [{ order: { field: 'acres', direction: 'up' } }, ['body', 'order', 'direction']],
  ])('rejects %j with 422 at the faulty location', (extra, loc) => {
    const r = q([], extra)
    expect(r.ok).toBe(false)
    if (r.ok || r.status !== 422) throw new Error('expected 422')
    expect(r.detail[0]?.loc).toEqual(loc)
  })

  it('rejects a missing filters array and more than 10 filters with 422', () => {
    const missing = checkQueryRequest({})
    expect(missing).toMatchObject({ ok: false, status: 422, detail: [{ loc: ['body', 'filters'], type: 'missing' }] })
    const eleven = Array.from({ length: 11 }, () => ({ field: 'acres', op: 'gt', value: 1 }))
    expect(q(eleven)).toMatchObject({ ok: false, status: 422 })
    expect(q(eleven.slice(0, 10)).ok).toBe(true)
  })

  it('answers 400 for unknown fields and operators invalid for the field, naming the filter', () => {
    expect(q([{ field: 'nope', op: 'eq', value: 1 }])).toMatchObject({ ok: false, status: 400, filterIndex: 0 })
    expect(
      q([
        { field: 'state', op: 'eq', value: 'IA' },
        { field: 'acres', op: 'ilike', value: 'x' },
      ]),
    ).toMatchObject({
      ok: false,
      status: 400,
      filterIndex: 1,
    })
    expect(q([{ field: 'acres', op: 'like', value: 1 }])).toMatchObject({ ok: false, status: 400 })
  })

  it('accepts exactly the operators of each field group', () => {
    for (const field of FIELDS) {
      for (const op of OPERATORS) {
        const r = checkQueryRequest({
          filters: [
            { field: field.name, op, value: null },
            { field: 'state', op: 'eq', value: 'IA' },
          ],
        })
        const allowed = GROUP_OPERATORS[field.group].includes(op)
        // value null is wrong for every op, so an allowed op gets 422 (value) and a forbidden one 400.
        expect(r.ok ? 200 : r.status).toBe(allowed ? 422 : 400)
      }
    }
  })

  it.each([
    ['acres', 'between', [1, 2, 3]],
    ['acres', 'between', [5, 1]],
    ['acres', 'gt', '5'],
    ['acres', 'in', []],
    ['acres', 'in', ['a']],
    ['owner', 'isnull', 'yes'],
    ['owner', 'ilike', 5],
    ['acres', 'eq', 'ten'],
  ])('rejects %s %s %j with 422 at the value', (field, op, value) => {
    const r = q([
      { field: 'state', op: 'eq', value: 'IA' },
      { field, op, value },
    ])
    expect(r).toMatchObject({ ok: false, status: 422, detail: [{ loc: ['body', 'filters', 1, 'value'] }] })
  })

  it('rejects ordering by an unknown field with 400', () => {
    expect(q([], { order: { field: 'geom' } })).toMatchObject({ ok: false, status: 400 })
    expect(q([], { order: { field: 'acres' } })).toMatchObject({ ok: true })
  })
})

describe('scope rule (spec rule 3)', () => {
  it.each(['owner', 'parcel_id', 'situs', 'mail_addr'])('requires a geographic scope with %s', (field) => {
    expect(checkScope([{ field }])).toMatchObject({ filterIndex: 0 })
    for (const scope of ['state_fp', 'state', 'county_fp']) expect(checkScope([{ field }, { field: scope }])).toBeNull()
  })
  it('does not apply to other fields', () => {
    expect(checkScope([{ field: 'city' }, { field: 'acres' }])).toBeNull()
  })
})
