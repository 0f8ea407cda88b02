/**
 * Does the map keep up with the table (issue 18, problem 4), and how soon does it show something
 * (problem 3)? Browser-side timings for `npm run bench:app`, each in a fresh browser context:
 * - search → rows complete (the progress bar's "Done") and search → last result drawn on the map
 *   (the app's `plat:results-drawn` mark whose count reaches the records loaded: every result marked
 *   on the tiles and dotted, and a frame rendered with them), with the long tasks (Long Tasks API,
 *   ≥ 50 ms) from the click until both are done;
 * - navigation → the covered counties drawn (`plat:coverage-drawn`, measured from the navigation's start);
 * - "Jump to" a county → its parcel texture drawn (the camera still, every tile in view loaded, and
 *   parcel outlines rendered there).
 */
import type { Page } from '@playwright/test'

export interface KeepUpRun {
  records: number
  rowsMs: number
  mapMs: number
  /** Long tasks between the click and the later of rows complete and map drawn (ms each). */
  longTasks: number[]
}

/** Page code as strings: tsx would wrap inner functions in a `__name` helper the page lacks. */
const WATCH = `(() => {
  const tasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask' })
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Search')
  let t0 = 0
  let rows = 0
  button.addEventListener('click', () => { t0 = performance.now() }, { capture: true, once: true })
  const records = () => {
    const text = document.querySelector('[role=progressbar]')?.getAttribute('aria-valuetext') ?? ''
    const m = /([\\d,]+) records?/.exec(text)
    return m ? Number(m[1].replace(/,/g, '')) : Number.NaN
  }
  const done = () => document.querySelector('.search-progress-label')?.textContent === 'Done'
  const observer = new MutationObserver(() => {
    if (t0 > 0 && rows === 0 && done()) rows = performance.now()
  })
  observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  window.__keepUp = new Promise((resolve) => {
    const check = () => {
      if (rows > 0) {
        const total = records()
        const drawn = performance.getEntriesByName('plat:results-drawn').filter((m) => m.startTime >= t0)
        const last = drawn.find((m) => (m.detail?.count ?? -1) >= total)
        if (last) {
          observer.disconnect()
          const end = Math.max(rows, last.startTime)
          resolve({
            records: total,
            rowsMs: rows - t0,
            mapMs: last.startTime - t0,
            longTasks: tasks.filter((t) => t.start >= t0 && t.start <= end).map((t) => t.duration),
          })
          return
        }
      }
      setTimeout(check, 20)
    }
    check()
  })
})()`

/** One search from a page whose map has settled: clicks Search and waits for rows and map. */
export async function keepUpRun(page: Page): Promise<KeepUpRun> {
  await page.evaluate(WATCH)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  return (await page.evaluate('window.__keepUp')) as KeepUpRun
}

/** Navigation start → the covered counties drawn on the map. */
export async function coverageDrawnMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('plat:coverage-drawn').length > 0, null, {
    timeout: 60_000,
    polling: 50,
  })
  return page.evaluate(() => performance.getEntriesByName('plat:coverage-drawn')[0]?.startTime ?? Number.NaN)
}

const JUMP = `(label) => new Promise((resolve) => {
  const select = document.querySelector('select[aria-label="Jump to a county with parcel data"]')
  const option = [...select.options].find((o) => o.textContent.startsWith(label))
  const t0 = performance.now()
  select.value = option.value
  select.dispatchEvent(new Event('change', { bubbles: true }))
  const check = () => {
    const probe = window.platMap
    const camera = document.querySelector('[data-testid=map]')?.dataset.camera
    if (camera === 'still' && probe.settled() && probe.rendered().filter((p) => p.from === 'tiles').length > 100) {
      resolve(performance.now() - t0)
      return
    }
    setTimeout(check, 25)
  }
  setTimeout(check, 25)
})`

/** "Jump to" the county whose option starts with `label` → its parcels drawn from the tiles. */
export async function jumpToTextureMs(page: Page, label: string): Promise<number> {
  return (await page.evaluate(`(${JUMP})(${JSON.stringify(label)})`)) as number
}

/**
 * A long task split by where its time went: waiting for the GPU process (on this machine's software
 * renderer, the compositor reading the WebGL canvas back, CommandBufferProxyImpl::WaitForGetOffset)
 * and everything else (our code, MapLibre's, React's, style and layout).
 */
export interface TaskSplit {
  ms: number
  gpuWaitMs: number
}

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/** The renderer main thread's tasks of 50 ms or more in a Chrome trace, each with its GPU wait. */
export function longTasksOf(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): TaskSplit[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const onMain = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts)
  const waits = onMain.filter((e) => e.name === 'CommandBufferProxyImpl::WaitForGetOffset')
  return onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000)
    .map((t) => {
      const end = t.ts + (t.dur ?? 0)
      const gpu = waits.filter((w) => w.ts >= t.ts && w.ts < end).reduce((n, w) => n + (w.dur ?? 0), 0)
      return { ms: (t.dur ?? 0) / 1000, gpuWaitMs: gpu / 1000 }
    })
}
