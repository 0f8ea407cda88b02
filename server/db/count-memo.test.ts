import { describe, expect, it } from 'vitest'
import { COUNT_MEMO_MIN_MS, countMemo } from './count-memo'

describe('countMemo', () => {
  const v = (count: number) => ({ count, version: 'v1' })

  it('keeps only counts that took at least the minimum', () => {
    const m = countMemo()
    m.remember('cheap', v(1), COUNT_MEMO_MIN_MS - 1)
    m.remember('dear', v(2), COUNT_MEMO_MIN_MS)
    expect(m.get('cheap')).toBeUndefined()
    expect(m.get('dear')).toEqual(v(2))
  })

  it('lets the least recently used go first', () => {
    const m = countMemo({ entries: 2, minMs: 0 })
    m.remember('a', v(1), 1)
    m.remember('b', v(2), 1)
    m.get('a') // a is now the most recently used
    m.remember('c', v(3), 1)
    expect(m.get('b')).toBeUndefined()
    expect(m.get('a')).toEqual(v(1))
    expect(m.get('c')).toEqual(v(3))
  })

  it('keys a query by its clause and every bound value', () => {
    const m = countMemo()
    const k = m.keyOf('p.acres > $1', [10])
    expect(m.keyOf('p.acres > $1', [10])).toBe(k)
    expect(m.keyOf('p.acres > $1', [11])).not.toBe(k)
    expect(m.keyOf('p.acres >= $1', [10])).not.toBe(k)
    expect(k).toMatch(/^[0-9a-f]{40}$/)
  })
})
