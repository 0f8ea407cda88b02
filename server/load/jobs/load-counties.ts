/**
 * `npm run load -- --counties LIST.csv --jobs N`: loads a list of counties (county-list.ts), up to N
 * at once, each county in a process of its own (fork-load.ts) running the one-county load, so what
 * may overlap is decided where it is for any loads started by hand at once: in the database's lock
 * registry (server/db/advisory-locks.ts). A county that fails fails alone, with its reason; the others
 * load. Progress goes to stderr, each line prefixed with its county; each county's summary, then the
 * run's, to stdout.
 */
import { duration } from '../progress-bar'
import type { CountyJob } from './county-list'
import { type ForkedLoad, forkLoad, type LoadExit } from './fork-load'

export interface CountiesRun {
  jobs: readonly CountyJob[]
  /** `--jobs`: loads at once */
  atOnce: number
  /** false on the embedded database: one process owns its data directory, so one load at a time */
  parallel: boolean
  out: (line: string) => void
  err: (line: string) => void
}

type Outcome =
  | { job: CountyJob; state: 'loaded'; parcels: number; seconds: number }
  | { job: CountyJob; state: 'failed'; reason: string }
  | { job: CountyJob; state: 'not started' }

const n = (v: number) => v.toLocaleString('en-US')

/** Runs the list to its end (or to a stop) and returns the exit code: 0 all loaded, 1 some failed, 130 stopped. */
export async function loadCounties(o: CountiesRun): Promise<number> {
  const t0 = performance.now()
  const atOnce = o.parallel ? Math.min(o.atOnce, o.jobs.length) : 1
  if (!o.parallel && o.atOnce > 1) {
    o.err(
      `The embedded database is one process's at a time: the ${o.jobs.length} counties load one after another (--jobs ${o.atOnce} runs loads at once with DATABASE_URL only).`,
    )
  }
  const width = Math.max(...o.jobs.map((j) => j.tag.length))
  const prefix = (job: CountyJob) => `[${job.tag.padEnd(width)}]`
  const outcomes: Outcome[] = o.jobs.map((job) => ({ job, state: 'not started' }))
  const running = new Set<ForkedLoad>()
  let next = 0
  let stopped: NodeJS.Signals | null = null
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stopped) {
      stopped = signal
      o.err(
        `\n${signal}: stopping the ${running.size} running load(s) (their counties are not changed) and starting no more; again to quit at once.`,
      )
    }
    for (const load of running) load.signal(signal)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const worker = async () => {
    while (!stopped && next < o.jobs.length) {
      const k = next++
      const job = o.jobs[k]!
      o.err(`${prefix(job)} ${job.label}: starting (${k + 1} of ${o.jobs.length})`)
      const load = forkLoad(job.args, (line) => line.trim() && o.err(`${prefix(job)} ${line}`))
      running.add(load)
      const exit = await load.done
      running.delete(load)
      const outcome = outcomeOf(job, exit)
      outcomes[k] = outcome
      o.err(
        `${prefix(job)} ${outcome.state === 'loaded' ? `loaded ${n(outcome.parcels)} parcels in ${duration(outcome.seconds)}` : outcome.state === 'failed' ? `FAILED: ${outcome.reason}` : ''}`,
      )
      for (const line of exit.summary) o.out(line)
    }
  }
  try {
    await Promise.all(Array.from({ length: atOnce }, worker))
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  for (const line of runSummary(outcomes, (performance.now() - t0) / 1000, atOnce, stopped)) o.out(line)
  if (stopped) return 130
  return outcomes.every((x) => x.state === 'loaded') ? 0 : 1
}

function outcomeOf(job: CountyJob, exit: LoadExit): Outcome {
  const m = exit.message
  if (m?.kind === 'loaded') return { job, state: 'loaded', parcels: m.parcels, seconds: m.seconds }
  if (m?.kind === 'failed') return { job, state: 'failed', reason: m.reason }
  // It died before it could say (killed, out of memory): how it ended and its last words.
  const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`
  const last = exit.lastErrors.at(-1)
  return { job, state: 'failed', reason: `the load stopped (${how})${last ? `; its last line: ${last}` : ''}` }
}

/** The run's summary, in words: how many loaded, how fast, and each county that did not load, with why. */
function runSummary(
  outcomes: readonly Outcome[],
  seconds: number,
  atOnce: number,
  stopped: NodeJS.Signals | null,
): string[] {
  const loaded = outcomes.filter((x) => x.state === 'loaded')
  const parcels = loaded.reduce((s, x) => s + x.parcels, 0)
  const rate = Math.round(parcels / Math.max(seconds, 1e-3))
  const lines = [
    `Counties: ${loaded.length} of ${outcomes.length} loaded in ${duration(seconds)}, ${atOnce} at a time (${n(parcels)} parcels, ${n(rate)} parcels/s over the run).`,
  ]
  for (const x of outcomes) {
    if (x.state === 'failed') lines.push(`  failed       ${x.job.label}: ${x.reason}`)
    if (x.state === 'not started')
      lines.push(`  not started  ${x.job.label}${stopped ? ` (stopped by ${stopped})` : ''}`)
  }
  if (loaded.length < outcomes.length) {
    lines.push(
      'Counties that did not load were not changed; the others are loaded. Load those again once fixed (a list of their rows, or one at a time).',
    )
  }
  return lines
}
