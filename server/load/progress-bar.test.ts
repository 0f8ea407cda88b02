import { describe, expect, it } from 'vitest'
import { duration, ProgressBar } from './progress-bar'

const sink = (isTTY: boolean) => {
  const lines: string[] = []
  return { out: { isTTY, write: (t: string) => lines.push(t) }, lines }
}

describe('ProgressBar', () => {
  it('shows count, percent, rate and ETA from the known total', () => {
    let now = 0
    const { out } = sink(true)
    const bar = new ProgressBar(out, 10_000, undefined, () => now)
    now = 4000
    expect(bar.readLine(2500)).toBe('reading [########......................] 25% 2,500/10,000 parcels  625/s ETA 12s')
  })

  it('falls back to the fraction of bytes read when the count is unknown', () => {
    let now = 0
    const { out } = sink(false)
    const bar = new ProgressBar(
      out,
      null,
      () => 0.5,
      () => now,
    )
    now = 60_000
    expect(bar.readLine(30_000)).toBe('reading [###############...............] 50% 30,000 parcels  500/s ETA 1m00s')
  })

  it('redraws in place on a terminal, prints a line every 5 s otherwise, and times each later phase', () => {
    let now = 0
    const tty = sink(true)
    const bar = new ProgressBar(tty.out, 100, undefined, () => now)
    now = 200
    bar.read(10)
    now = 250
    bar.read(20)
    expect(tty.lines).toHaveLength(1)
    expect(tty.lines[0]).toMatch(/^\r.*10\/100/)
    bar.step('repairing geometry')
    now = 1750
    bar.done()
    expect(tty.lines.slice(1)).toEqual(['\n', '  repairing geometry (1.5s)\n'])
    const log = sink(false)
    const plain = new ProgressBar(log.out, 100, undefined, () => now)
    now += 6000
    plain.read(50)
    now += 1000
    plain.read(60)
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toMatch(/50\/100 parcels.*\n$/)
  })

  it('writes durations people read', () => {
    expect([duration(3.25), duration(42), duration(61), duration(3725)]).toEqual(['3.3s', '42s', '1m01s', '1h2m'])
  })
})
