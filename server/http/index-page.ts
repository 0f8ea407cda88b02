/**
 * The app's page (index.html) with the server's coverage written into it (docs/api.md "Coverage in
 * the page"): the first paint shows the covered counties without waiting for GET /coverage and the
 * county atlas (issue 18, problem 3: a grey map for 3–5 s). A JSON data block, which the app's CSP
 * allows (it is never run); `<` is escaped so no value can close the element. Served for `/`,
 * `/index.html` and every client route; revalidated on each visit (no-cache), as before.
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Context } from 'hono'
import { type CoverageResponse, PAGE_COVERAGE_ID, type PageCoverage } from '../../contract/tiles'
import { coverageOutlines } from '../tiles/coverage-outlines'

export function indexPage(staticDir: string, coverage: (() => Promise<CoverageResponse>) | null) {
  const file = join(staticDir, 'index.html')
  let page: { mtimeMs: number; html: string } | null = null
  let block: { version: string; html: string } | null = null

  async function coverageBlock(): Promise<string> {
    if (!coverage) return ''
    try {
      const c = await coverage()
      if (block?.version !== c.version) {
        const data: PageCoverage = { coverage: c, outlines: coverageOutlines(c.counties) }
        const json = JSON.stringify(data).replace(/</g, '\\u003c')
        block = {
          version: c.version,
          html: `<script type="application/json" id="${PAGE_COVERAGE_ID}">${json}</script>`,
        }
      }
      return block.html
    } catch {
      // The page still serves; the app asks GET /coverage as it would without the block.
      return ''
    }
  }

  return async (c: Context) => {
    const { mtimeMs } = await stat(file)
    if (page?.mtimeMs !== mtimeMs) page = { mtimeMs, html: await readFile(file, 'utf8') }
    const html = page.html.replace('</head>', `${await coverageBlock()}</head>`)
    return c.html(html, 200, { 'cache-control': 'no-cache' })
  }
}
