import { describe, expect, it } from 'vitest'
import { checkQueryRequest } from '../../../contract/query-rules'
import type { FilterItem } from '../../../contract/schemas'
import { EMPTY_VALUE_REASON, maxUserFilters, validateFilters } from './filter-validation'

const acres = (op: string, value: FilterItem['value']): FilterItem => ({ field: 'acres', op, value })

describe('validateFilters', () => {
  it('accepts an empty list and sound filters', () => {
    expect(validateFilters([]).valid).toBe(true)
    const v = validateFilters([acres('gte', 40), { field: 'state', op: 'eq', value: 'IA' }])
    expect(v).toEqual({ valid: true, perFilter: [null, null], general: null })
  })

  it('rejects an operator the field group does not allow, on that filter', () => {
    const v = validateFilters([acres('gte', 1), { field: 'state', op: 'ilike', value: 'I' }])
    expect(v.valid).toBe(false)
    expect(v.perFilter[0]).toBeNull()
    expect(v.perFilter[1]).toMatch(/operator 'ilike' is not valid/)
  })

  it('rejects unknown fields', () => {
    expect(validateFilters([{ field: 'nope', op: 'eq', value: 1 }]).perFilter[0]).toMatch(/unknown field/)
  })

  it('scope rule: owner/parcel_id/situs/mail_addr need state_fp, state or county_fp', () => {
    const owner: FilterItem = { field: 'owner', op: 'ilike', value: 'smith' }
    const v = validateFilters([acres('gt', 1), owner])
    expect(v.valid).toBe(false)
    expect(v.perFilter[1]).toMatch(/missing required scope/)
    expect(validateFilters([owner, { field: 'county_fp', op: 'eq', value: '169' }]).valid).toBe(true)
    expect(validateFilters([owner, { field: 'state_fp', op: 'in', value: ['19', '17'] }]).valid).toBe(true)
    // county (name) is not a scope field per the spec
    expect(validateFilters([owner, { field: 'county', op: 'eq', value: 'Story' }]).valid).toBe(false)
  })

  it('counts reserved slots toward the 10-filter limit', () => {
    const ten = Array.from({ length: 10 }, (_, i) => acres('gte', i))
    expect(validateFilters(ten, 0).valid).toBe(true)
    const withReserved = validateFilters(ten, 1)
    expect(withReserved.valid).toBe(false)
    expect(withReserved.general).toMatch(/At most 9 filters/)
    expect(validateFilters(ten.slice(0, 9), 1).valid).toBe(true)
    expect(maxUserFilters(1)).toBe(9)
    expect(validateFilters([...ten, acres('gte', 1)], 0).general).toMatch(/At most 10/)
  })

  it('between: two numbers, lower bound first (equal bounds allowed)', () => {
    expect(validateFilters([acres('between', [1, 5])]).valid).toBe(true)
    expect(validateFilters([acres('between', [5, 5])]).valid).toBe(true)
    expect(validateFilters([acres('between', [5, 1])]).perFilter[0]).toMatch(/lower bound first/)
    expect(validateFilters([acres('between', [1])]).perFilter[0]).toMatch(/exactly two numbers/)
    expect(validateFilters([acres('between', ['1', 2])]).perFilter[0]).toMatch(/exactly two numbers/)
  })

  it('in/nin on numeric fields take numbers only; on text fields strings or numbers', () => {
    expect(validateFilters([acres('in', [1, 2])]).valid).toBe(true)
    expect(validateFilters([acres('in', [1, 'x'])]).perFilter[0]).toMatch(/array of numbers/)
    expect(validateFilters([acres('nin', [])]).perFilter[0]).toMatch(/non-empty array/)
    expect(validateFilters([{ field: 'zoning', op: 'in', value: ['A-1', 2] }]).valid).toBe(true)
  })

  it('isnull takes a boolean', () => {
    expect(validateFilters([acres('isnull', false)]).valid).toBe(true)
    expect(validateFilters([acres('isnull', 'true')]).valid).toBe(false)
  })

  it('numeric comparisons take numbers, not numeric strings', () => {
    expect(validateFilters([acres('gt', '5')]).perFilter[0]).toMatch(/takes a number/)
    expect(validateFilters([acres('eq', '5')]).perFilter[0]).toMatch(/takes a number/)
  })

  it('asks for a value when a scalar box is empty (stricter than the server, on purpose)', () => {
    expect(validateFilters([{ field: 'city', op: 'ilike', value: '' }]).perFilter[0]).toBe(EMPTY_VALUE_REASON)
    expect(validateFilters([acres('gte', undefined)]).perFilter[0]).toBe(EMPTY_VALUE_REASON)
  })

  it('agrees with the server rules (checkQueryRequest) on every non-empty case above', () => {
    const cases: FilterItem[][] = [
      [acres('gte', 40)],
      [acres('between', [5, 1])],
      [acres('in', [1, 'x'])],
      [{ field: 'owner', op: 'ilike', value: 'smith' }],
      [
        { field: 'owner', op: 'ilike', value: 'smith' },
        { field: 'state', op: 'eq', value: 'IA' },
      ],
      [{ field: 'state', op: 'gt', value: 'IA' }],
      Array.from({ length: 11 }, () => acres('gte', 1)),
    ]
    for (const filters of cases) {
      expect(validateFilters(filters).valid, JSON.stringify(filters)).toBe(checkQueryRequest({ filters }).ok)
    }
  })
})
