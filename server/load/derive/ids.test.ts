import type { MultiPolygon, Position } from 'geojson'
import { describe, expect, it } from 'vitest'
import { parcelUuid } from './derive-ids'
import { footprintKey } from './footprint'
import { ownerKey, parcelKey } from './owner-key'
import { PARCEL_NAMESPACE, uuidV5 } from './uuid-v5'

describe('uuidV5', () => {
  it('matches the RFC 9562 example (DNS namespace, www.example.com)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    )
  })

  it('keeps the parcel namespace: it is the v5 id of "plat.parcels" in the URL namespace', () => {
    expect(uuidV5('plat.parcels', '6ba7b811-9dad-11d1-80b4-00c04fd430c8')).toBe(PARCEL_NAMESPACE)
  })

  it('gives a parcel the same id whatever the spelling of its number, and another county another id', () => {
    const id = parcelUuid('19169', parcelKey(' 05-12-300-001 ')!)
    expect(id).toBe(parcelUuid('19169', parcelKey('05-12-300-001')!))
    expect(id).not.toBe(parcelUuid('19015', parcelKey('05-12-300-001')!))
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('ownerKey', () => {
  it('ignores case, punctuation, spacing and a trailing ET AL', () => {
    const same = ['SMITH JOHN A', 'Smith, John A.', 'SMITH  JOHN A ETAL', 'smith john a et al']
    expect(new Set(same.map(ownerKey))).toEqual(new Set(['SMITH JOHN A']))
    expect(ownerKey('SMITH JOHN B')).not.toBe(ownerKey('SMITH JOHN A'))
    expect(ownerKey('A & B FARMS')).toBe(ownerKey('A and B farms'))
    expect(ownerKey('   ')).toBeNull()
    expect(ownerKey(null)).toBeNull()
  })
})

describe('footprintKey', () => {
  const ring: Position[] = [
    [-93.6, 42],
    [-93.59, 42],
    [-93.59, 42.01],
    [-93.6, 42.01],
    [-93.6, 42],
  ]
  const mp = (...rings: Position[][]): MultiPolygon => ({ type: 'MultiPolygon', coordinates: rings.map((r) => [r]) })

  it('is the same whatever the direction, starting vertex, part order or sub-centimetre noise', () => {
    const key = footprintKey(mp(ring))
    expect(footprintKey(mp([...ring].reverse()))).toBe(key)
    expect(footprintKey(mp([...ring.slice(2, 4), ...ring.slice(0, 3)]))).toBe(key)
    expect(footprintKey(mp(ring.map((p) => [p[0]! + 1e-9, p[1]! - 1e-9])))).toBe(key)
    const other = ring.map((p) => [p[0]! + 0.1, p[1]!])
    expect(footprintKey(mp(ring, other))).toBe(footprintKey(mp(other, ring)))
  })

  it('differs for another outline', () => {
    expect(footprintKey(mp(ring.map((p) => [p[0]! + 1e-5, p[1]!])))).not.toBe(footprintKey(mp(ring)))
  })
})
