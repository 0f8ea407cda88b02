/**
 * The load's progress on stderr: a bar with count, rate and ETA, redrawn in place on a terminal and
 * printed as a line every few seconds otherwise (logs, CI). Later phases (repair, derive, write)
 * print one line each with the time they took.
 */
export interface ProgressOut {
  isTTY?: boolean
  write(text: string): unknown
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)}s`
  const m = Math.floor(seconds / 60)
  return m < 60 ? `${m}m${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${m % 60}m`
}

export class ProgressBar {
  private readonly t0: number
  private phaseT0: number
  private phase: string | null = null
  private lastDraw = 0
  private drawn = false

  constructor(
    private readonly out: ProgressOut,
    /** features in the file when known; otherwise `fraction()` (bytes read) drives the ETA */
    private readonly total: number | null,
    private readonly fraction?: () => number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.t0 = now()
    this.phaseT0 = this.t0
  }

  /** `done` features read so far. */
  read(done: number): void {
    const t = this.now()
    if (this.out.isTTY ? t - this.lastDraw < 100 : t - this.lastDraw < 5000) return
    this.lastDraw = t
    this.draw(this.readLine(done, t))
  }

  readLine(done: number, t = this.now()): string {
    const secs = (t - this.t0) / 1000
    const rate = secs > 0 ? done / secs : 0
    const f = this.total ? Math.min(1, done / this.total) : (this.fraction?.() ?? 0)
    const width = 30
    const fill = Math.round(f * width)
    const bar = `[${'#'.repeat(fill)}${'.'.repeat(width - fill)}]`
    const count = this.total ? `${fmt(done)}/${fmt(this.total)}` : fmt(done)
    const eta = f > 0 && f < 1 ? ` ETA ${duration((secs * (1 - f)) / f)}` : ''
    return `reading ${bar} ${Math.floor(f * 100)}% ${count} parcels  ${fmt(rate)}/s${eta}`
  }

  /** A later phase starts: the previous one gets its time. */
  step(name: string): void {
    this.finishPhase()
    this.phase = name
    this.phaseT0 = this.now()
  }

  done(): void {
    this.finishPhase()
  }

  private finishPhase(): void {
    if (this.drawn && this.out.isTTY) this.out.write('\n')
    this.drawn = false
    if (this.phase) this.out.write(`  ${this.phase} (${duration((this.now() - this.phaseT0) / 1000)})\n`)
    this.phase = null
  }

  private draw(line: string): void {
    if (this.out.isTTY) {
      this.out.write(`\r${line}\u001b[K`)
      this.drawn = true
    } else this.out.write(`${line}\n`)
  }
}
