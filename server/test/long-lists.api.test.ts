/**
 * A list over its cap is refused before the schema checks its values one by one (issue 39 §1,
 * query-cost.ts overCapList): a 50,000-value `owner nin` page looped by one client held point
 * lookups behind the event loop although each page was refused. The answer is the one the full
 * check gives — a 422 at the filter's value, saying the cap — and the first faulty filter still
 * decides between 400 and 422.
 */
import { describe, expect, it } from 'vitest'
import { ValidationErrorBodySchema } from '../../contract/errors'
import { MAX_IN_VALUES_NON_ID } from '../../contract/limits'
import { expect422At } from './checks'
import { post, show } from './http'

const owners = (n: number) => Array.from({ length: n }, (_, k) => `ABUSER ${k} FARMS LLC`)
const IOWA = { field: 'state', op: 'eq', value: 'IA' }

describe('in/nin lists over the cap', () => {
  it('50,000 owner names: a 422 at the list, the same as one value over the cap', async () => {
    const answers = []
    for (const n of [MAX_IN_VALUES_NON_ID + 1, 50_000]) {
      const res = await post(
        '/parcels/query',
        { filters: [IOWA, { field: 'owner', op: 'nin', value: owners(n) }] },
        { key: 'lists' },
      )
      expect422At(res, ['body', 'filters', 1, 'value'])
      answers.push(ValidationErrorBodySchema.parse(res.body).detail)
    }
    expect(answers[1]).toEqual(answers[0])
    expect(answers[0]?.[0]?.msg).toBe("'nin' on 'owner' takes at most 5,000 values")
  })

  it('an earlier faulty filter still decides: an unknown field is the 400, a bad value the 422 at its index', async () => {
    const long = { field: 'owner', op: 'nin', value: owners(50_000) }
    const unknown = await post(
      '/parcels/query',
      { filters: [{ field: 'nope', op: 'eq', value: 1 }, IOWA, long] },
      { key: 'lists' },
    )
    expect(unknown.status, show(unknown)).toBe(400)
    expect(unknown.text).toContain("unknown field 'nope'")
    const badValue = await post(
      '/parcels/query',
      { filters: [{ field: 'acres', op: 'gt', value: 'x' }, IOWA, long] },
      { key: 'lists' },
    )
    expect422At(badValue, ['body', 'filters', 0, 'value'])
  })
})
