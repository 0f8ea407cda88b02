/**
 * The back-test run for the panel, memoised per comps result and settings: in a worker
 * (comps-backtest-worker.ts), or in slices of the page's time where there is none.
 */
import type { CompsResult } from '../../../contract/comps/comps-analysis'
import type { CompsSettings } from '../../../contract/comps/comps-settings'
import { type Backtest, backtestComps, backtestInput, backtestSteps } from './comps-backtest'
import { runInSlices } from './run-in-slices'

const memo = new WeakMap<CompsResult, Map<string, Backtest>>()
const keyOf = (s: CompsSettings) => JSON.stringify(s)

function remember(result: CompsResult, s: CompsSettings, b: Backtest): Backtest {
  let byKey = memo.get(result)
  if (!byKey) {
    byKey = new Map()
    memo.set(result, byKey)
  }
  byKey.set(keyOf(s), b)
  return b
}

/** The back-test of a comps result, computed once per result and settings. */
export function backtestCompsMemo(result: CompsResult, s: CompsSettings): Backtest {
  return memo.get(result)?.get(keyOf(s)) ?? remember(result, s, backtestComps(result, s))
}

/** A worker started ahead (warmBacktest), so its chunk is fetched and compiled before it is needed. */
let spare: Worker | null = null

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./comps-backtest-worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return null
  }
}

/**
 * Starts the back-test's worker while the comps' calls are still out: started only once the ranked
 * list was shown, fetching and compiling its chunk took ~0.2 s of the wait for the figure
 * (BENCHMARKS.md, comps). One spare at most; a spare that fails to load is dropped, and the next
 * run starts its own.
 */
export function warmBacktest(): void {
  if (spare || typeof Worker === 'undefined') return
  const worker = startWorker()
  if (!worker) return
  worker.onerror = () => {
    worker.terminate()
    if (spare === worker) spare = null
  }
  spare = worker
}

/**
 * The back-test off the page's thread (comps-backtest-worker.ts): in the page it got only the gaps
 * between map frames, which under software WebGL take 100–250 ms each, so ~0.2 s of arithmetic showed
 * its figure ~1.2 s after the list (BENCHMARKS.md, comps). Where no Worker exists (Node tests) or the
 * worker cannot start, it runs in slices between the page's own tasks (run-in-slices.ts) instead.
 * `done` gets it (on the next turn when it is memoised). Returns a cancel.
 */
export function runBacktest(result: CompsResult, s: CompsSettings, done: (b: Backtest) => void): () => void {
  const hit = memo.get(result)?.get(keyOf(s))
  if (hit) {
    const timer = setTimeout(() => done(hit), 0)
    return () => clearTimeout(timer)
  }
  const input = backtestInput(result)
  const finish = (b: Backtest) => done(remember(result, s, b))
  const inPage = () => runInSlices(backtestSteps(input, s), finish)
  if (typeof Worker === 'undefined') return inPage()
  const worker = spare ?? startWorker()
  spare = null
  if (!worker) return inPage()
  let cancel = () => worker.terminate()
  worker.onmessage = (e: MessageEvent<{ ok: true; backtest: Backtest } | { ok: false }>) => {
    worker.terminate()
    if (e.data.ok) finish(e.data.backtest)
    else cancel = inPage()
  }
  // A worker that cannot load (a blocked chunk, an old browser) still gets the figure made here.
  worker.onerror = () => {
    worker.terminate()
    cancel = inPage()
  }
  worker.postMessage({ input, settings: s })
  return () => cancel()
}
