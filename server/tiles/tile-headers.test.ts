import { describe, expect, it } from 'vitest'
import { DETAIL_STEPS } from './tile-budget'
import { coverageEtag, detailHeader, notModified, tileCacheControl, tileEtag } from './tile-headers'

describe('ETags', () => {
  it('are weak, and a tile’s starts with the data version (the coverage’s version is its stem)', () => {
    expect(tileEtag('abc123')).toMatch(/^W\/"abc123-[a-z0-9]+"$/)
    expect(coverageEtag('abc123')).toBe('W/"abc123"')
    expect(tileEtag('a')).not.toBe(tileEtag('b'))
  })

  it('If-None-Match matches by weak comparison, in lists, and with *', () => {
    const tag = tileEtag('v1')
    expect(notModified(undefined, tag)).toBe(false)
    expect(notModified(tag, tag)).toBe(true)
    expect(notModified(tag.replace('W/', ''), tag)).toBe(true)
    expect(notModified(`"other", ${tag}`, tag)).toBe(true)
    expect(notModified('*', tag)).toBe(true)
    expect(notModified(tileEtag('v0'), tag)).toBe(false)
    expect(notModified('garbage', tag)).toBe(false)
  })
})

describe('Cache-Control', () => {
  it('is private and short unless the URL names the version served, then a day and immutable', () => {
    expect(tileCacheControl('v1', undefined)).toBe('private, max-age=60')
    expect(tileCacheControl('v1', 'v0')).toBe('private, max-age=60')
    expect(tileCacheControl('v1', 'v1')).toBe('private, max-age=86400, immutable')
  })
})

describe('X-Tile-Detail', () => {
  it('says full, or the tolerance and smallest parcel kept in CSS pixels', () => {
    expect(detailHeader(DETAIL_STEPS[0]!)).toBe('full')
    expect(detailHeader(DETAIL_STEPS[1]!)).toBe('reduced; tolerance=1px; smallest=1px')
    expect(detailHeader(DETAIL_STEPS[3]!)).toBe('reduced; tolerance=2px; smallest=4px')
  })
})
