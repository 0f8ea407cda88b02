import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ThrottledUpload } from './throttled-upload'

describe('ThrottledUpload', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => vi.useRealTimers())

  function setup() {
    const uploads: string[] = []
    const rendered: (() => void)[] = []
    const t = new ThrottledUpload<string>({
      upload: (v) => uploads.push(v),
      whenReady: (run) => run(),
      whenRendered: (cb) => rendered.push(cb),
    })
    return { t, uploads, rendered }
  }

  it('uploads the first value at once, then only the latest one per interval', () => {
    const { t, uploads } = setup()
    t.push('a')
    t.push('b')
    t.push('c')
    expect(uploads).toEqual(['a'])
    vi.advanceTimersByTime(749)
    expect(uploads).toEqual(['a'])
    vi.advanceTimersByTime(1)
    expect(uploads).toEqual(['a', 'c'])
  })

  it('an immediate push skips the wait, and an unchanged value is not uploaded again', () => {
    const { t, uploads } = setup()
    t.push('a')
    t.push('b')
    t.push('', true)
    expect(uploads).toEqual(['a', ''])
    vi.advanceTimersByTime(2000)
    t.push('')
    vi.advanceTimersByTime(2000)
    expect(uploads).toEqual(['a', ''])
  })

  it('backs off to three times the last render time, at most 4 s', () => {
    const { t, uploads, rendered } = setup()
    t.push('a')
    vi.advanceTimersByTime(1000)
    rendered[0]?.() // the map took 1 s to render 'a'
    t.push('b')
    vi.advanceTimersByTime(1999)
    expect(uploads).toEqual(['a'])
    vi.advanceTimersByTime(1)
    expect(uploads).toEqual(['a', 'b'])
    vi.advanceTimersByTime(5000)
    rendered[1]?.() // 5 s: capped
    t.push('c')
    expect(uploads).toEqual(['a', 'b', 'c']) // 5 s have passed since 'b', more than the 4 s cap
  })
})
