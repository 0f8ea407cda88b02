/**
 * A search run once and kept as the link that reruns it, for the specs that open one search on a
 * desktop and on a phone, online and offline (first view, field packs, offline taps).
 */
import { type Browser, expect, type Page, type ViewportSize } from '@playwright/test'
import { drawRectangle, openAtParcels } from './app'

/**
 * The results pane says the search is done. Not `waitForSearchDone` (app.ts): a phone shows no
 * progress bar once a search has finished, and a link may have run it before the page is looked at.
 */
export async function waitForResultsDone(page: Page): Promise<void> {
  await expect(page.locator('section.results-pane')).toHaveAttribute('data-status', 'done', { timeout: 90_000 })
}

/** Links made so far in this worker, by key, rectangle and viewport (kept only once made). */
const made = new Map<string, string>()

/**
 * The link of a rectangle search from `from` to `to` (fractions of the map's width and height) one
 * zoom step into the parcels, run on a desktop the first time it is asked for.
 */
export async function linkOfRectangleSearch(
  browser: Browser,
  key: string,
  from: [number, number],
  to: [number, number],
  viewport?: ViewportSize,
): Promise<string> {
  const id = JSON.stringify([key, from, to, viewport ?? null])
  const known = made.get(id)
  if (known) return known
  const context = await browser.newContext(viewport ? { viewport } : {})
  const page = await context.newPage()
  await openAtParcels(page, context.request, key, 1)
  await drawRectangle(page, from, to)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForResultsDone(page)
  await expect.poll(() => new URL(page.url()).search).toContain('s=')
  const url = new URL(page.url())
  await context.close()
  made.set(id, url.pathname + url.search)
  return url.pathname + url.search
}

/** What collectQueryRecords gathers, and a way to wait for the answers it is still reading. */
export interface QueryRecords<R> extends Map<string, R> {
  /**
   * Resolves once every query answer seen so far has been read. Playwright reports a response as
   * its headers arrive and reads its body later, so the results pane can say "done" before the last
   * page is read (a CI run missed records that way): wait on this after the pane says done.
   */
  settled(): Promise<void>
}

/** Every record the page's query pages bring, by id: what a pack of this search holds. */
export function collectQueryRecords<R extends { svc_uuid: string }>(page: Page): QueryRecords<R> {
  const reads = new Set<Promise<void>>()
  const seen = Object.assign(new Map<string, R>(), {
    async settled() {
      while (reads.size > 0) await Promise.all(reads)
    },
  })
  page.on('response', (res) => {
    if (!res.url().endsWith('/parcels/query') || !res.ok()) return
    const read = res
      .json()
      .catch(() => null)
      .then((body: { results?: R[] } | null) => {
        for (const r of body?.results ?? []) seen.set(r.svc_uuid, r)
      })
      .finally(() => reads.delete(read))
    reads.add(read)
  })
  return seen
}
