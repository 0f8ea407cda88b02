import { describe, expect, it } from 'vitest'
import { JsonDepthScanner, MAX_JSON_DEPTH } from './json-depth'

const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
/** Scans `text` in pieces of `piece` bytes; the offset of the first over-deep opening, or null. */
const scan = (text: string, maxDepth = MAX_JSON_DEPTH, piece = 7): number | null => {
  const bytes = Buffer.from(text)
  const scanner = new JsonDepthScanner(maxDepth)
  for (let at = 0; at < bytes.length; at += piece) {
    const hit = scanner.push(bytes.subarray(at, at + piece))
    if (hit !== null) return hit
  }
  return null
}

describe('JsonDepthScanner', () => {
  it(`passes ${MAX_JSON_DEPTH} levels and stops at the first opening past them, across pieces`, () => {
    expect(scan(nested(MAX_JSON_DEPTH))).toBeNull()
    expect(scan(nested(MAX_JSON_DEPTH + 1))).toBe(MAX_JSON_DEPTH)
    expect(scan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH, 1)).toBe(MAX_JSON_DEPTH)
    expect(scan(`{"a":${nested(3)}}`, 3)).toBe(7)
  })

  it('does not count brackets inside strings, escaped quotes and backslashes included, split anywhere', () => {
    const text = JSON.stringify({ a: '[[[[{{{{', b: ['\\"[[[[', '"]]'], c: 'é[[[[' })
    for (const piece of [1, 2, 3, 5, 100]) expect(scan(text, 2, piece)).toBeNull()
    expect(scan(JSON.stringify(['\\', [[1]]]), 2, 1)).toBe(7)
  })

  it('passes the deepest body the spec allows (a MultiPolygon area), and counts byte offsets', () => {
    const area = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [[[[0, 0]]]] } }],
    }
    expect(scan(JSON.stringify(area), 8)).toBeNull()
    expect(scan(JSON.stringify(area), 7)).not.toBeNull()
    expect(scan('["éé",[[', 2)).toBe(9)
  })

  it('scans a 4 MB body in one linear pass', () => {
    const t0 = performance.now()
    expect(scan(nested(2 * 1024 * 1024), MAX_JSON_DEPTH, 65_536)).toBe(MAX_JSON_DEPTH)
    expect(scan(`[${'0,'.repeat(2_000_000)}0]`, MAX_JSON_DEPTH, 65_536)).toBeNull()
    expect(performance.now() - t0).toBeLessThan(500)
  })
})
