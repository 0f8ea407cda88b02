import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../../contract/schemas'
import { tileFeatureId } from '../../../../contract/tiles'
import { ResultSet } from './result-set'

const rec = (n: number): ParcelRecord => ({ svc_uuid: `0000000${n}-4e5f-4a6b-8c7d-00000000000${n}` })
const uuids = (rs: readonly ParcelRecord[]) => rs.map((r) => r.svc_uuid)

describe('ResultSet', () => {
  it('turns each snapshot of a streaming search into the results new since the last', () => {
    const set = new ResultSet()
    const [a, b, c, d] = [rec(1), rec(2), rec(3), rec(4)]
    expect(uuids(set.update([a, b]).added)).toEqual(uuids([a, b]))
    // The next snapshot is a new array; a page that arrived late sits between earlier ones.
    const next = set.update([a, c, b, undefined, d])
    expect(uuids(next.added)).toEqual(uuids([c, d]))
    expect(next.removed).toEqual([])
    expect(set.update([a, c, b, d]).added).toEqual([])
    expect(set.size).toBe(4)
    expect(set.uuidOf(tileFeatureId(c.svc_uuid))).toBe(c.svc_uuid)
  })

  it('says which results went, and when none of the old ones are left (a new search)', () => {
    const set = new ResultSet()
    const [a, b, c] = [rec(1), rec(2), rec(3)]
    set.update([a, b])
    const fewer = set.update([b])
    expect(fewer).toMatchObject({ added: [], removed: [a.svc_uuid], replaced: false })
    expect(set.has(a.svc_uuid)).toBe(false)
    expect(set.uuidOf(tileFeatureId(a.svc_uuid))).toBeNull()
    const other = set.update([c])
    expect(other).toMatchObject({ removed: [b.svc_uuid], replaced: true })
    expect(uuids(other.added)).toEqual([c.svc_uuid])
    expect(set.update([])).toMatchObject({ removed: [c.svc_uuid], replaced: true })
    // Nothing before, nothing now: no change.
    expect(set.update([])).toMatchObject({ added: [], removed: [], replaced: false })
  })

  it('counts a parcel listed twice once', () => {
    const set = new ResultSet()
    const a = rec(1)
    expect(set.update([a, a]).added).toHaveLength(1)
    expect(set.size).toBe(1)
  })
})
