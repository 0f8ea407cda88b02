import { describe, expect, it } from 'vitest'
import { QueryResponseSchema } from './schemas'

const envelope = { count: 1, limit: 100, offset: 0 }
const problems = (body: unknown) => {
  const r = QueryResponseSchema.safeParse(body)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('QueryResponseSchema records', () => {
  it('passes a record through as it came: every field, not a copy', () => {
    const record = { svc_uuid: 'a', acres: 3, owner: 'X', unknown_to_us: [1], buildings: [{ sq_feet: 1200, x: 'y' }] }
    const parsed = QueryResponseSchema.parse({ ...envelope, results: [record] })
    expect(parsed.results[0]).toBe(record)
  })

  it('says which record is wrong and how', () => {
    expect(problems({ ...envelope, results: [{ svc_uuid: 'a' }, { acres: 1 }] })).toEqual([
      'results.1.svc_uuid: expected a string',
    ])
    expect(problems({ ...envelope, results: [null] })).toEqual(['results.0: expected a parcel record (an object)'])
    expect(problems({ ...envelope, results: [[]] })).toEqual(['results.0: expected a parcel record (an object)'])
    expect(problems({ ...envelope, results: [{ svc_uuid: 'a', buildings: {} }] })).toEqual([
      'results.0.buildings: expected an array',
    ])
    expect(problems({ ...envelope, results: [{ svc_uuid: 'a', buildings: [{}, { height: 'tall' }] }] })).toEqual([
      'results.0.buildings.1.height: Invalid input: expected number, received string',
    ])
  })

  it('still checks the envelope', () => {
    expect(problems({ results: [], count: -1, limit: 100, offset: 0 })).toHaveLength(1)
    expect(problems({ results: {}, ...envelope })).toHaveLength(1)
  })
})
