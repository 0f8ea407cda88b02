import { describe, expect, it } from 'vitest'
import { readRange } from './byte-range'

describe('readRange', () => {
  it('reads a span, an open end and a suffix, clamped to the file', () => {
    expect(readRange('bytes=0-16383', 100_000)).toEqual({ kind: 'part', start: 0, end: 16383 })
    expect(readRange('bytes=10-', 100)).toEqual({ kind: 'part', start: 10, end: 99 })
    expect(readRange('bytes=90-500', 100)).toEqual({ kind: 'part', start: 90, end: 99 })
    expect(readRange('bytes=-30', 100)).toEqual({ kind: 'part', start: 70, end: 99 })
    expect(readRange('bytes=-300', 100)).toEqual({ kind: 'part', start: 0, end: 99 })
  })

  it('sends the whole file without a Range or with another unit', () => {
    expect(readRange(undefined, 100)).toEqual({ kind: 'whole' })
    expect(readRange('items=0-5', 100)).toEqual({ kind: 'whole' })
  })

  it('refuses what it cannot satisfy, saying why', () => {
    expect(readRange('bytes=100-', 100)).toMatchObject({ kind: 'unsatisfiable', reason: /starts at 100/ })
    expect(readRange('bytes=5-2', 100)).toMatchObject({ kind: 'unsatisfiable', reason: /ends before/ })
    expect(readRange('bytes=0-1,5-6', 100)).toMatchObject({ kind: 'unsatisfiable', reason: /one byte range/ })
    expect(readRange('bytes=abc', 100)).toMatchObject({ kind: 'unsatisfiable', reason: /not a byte range/ })
    expect(readRange('bytes=-', 100)).toMatchObject({ kind: 'unsatisfiable' })
    expect(readRange('bytes=-0', 100)).toMatchObject({ kind: 'unsatisfiable' })
  })
})
