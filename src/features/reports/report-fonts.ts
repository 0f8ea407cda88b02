/**
 * The report font, DejaVu Sans in its two weights: fetched with the first report, never with the
 * app's first paint (two TrueType files, ~1.4 MB, ~740 KB compressed; the service worker precaches
 * them so reports work offline). From the same bytes the layout takes its metrics
 * (text-metrics.ts), the HTML pages draw (a FontFace) and the PDF embeds a subset (pdf-builder.ts):
 * the three agree on every width, and every character DejaVu has prints as itself.
 */

import normalUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url'
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url'
import { readFontMetrics } from './font-metrics'
import { type FontWeight, setFontMetrics } from './text-metrics'

export type ReportFontFiles = Readonly<Record<FontWeight, Uint8Array<ArrayBuffer>>>

/** The family the report's pages name in reports.css. */
const FAMILY = 'Plat Report Sans'

async function fetchFont(url: string): Promise<Uint8Array<ArrayBuffer>> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`The report font did not load (HTTP ${res.status}).`)
  return new Uint8Array(await res.arrayBuffer())
}

async function fetchFonts(): Promise<ReportFontFiles> {
  const [normal, bold] = await Promise.all([fetchFont(normalUrl), fetchFont(boldUrl)])
  return { normal, bold }
}

let loading: Promise<ReportFontFiles> | null = null

async function addFontFaces(files: ReportFontFiles): Promise<void> {
  if (typeof FontFace !== 'function' || typeof document === 'undefined' || !document.fonts) return
  for (const [weight, bytes] of [
    ['400', files.normal],
    ['700', files.bold],
  ] as const) {
    const face = new FontFace(FAMILY, bytes, { weight })
    document.fonts.add(await face.load())
  }
}

/**
 * The font files, their metrics installed and their faces added to the page; loaded once, from
 * `source` on the first call (the app fetches its built assets; tests read the files from disk).
 */
export function loadReportFonts(source: () => Promise<ReportFontFiles> = fetchFonts): Promise<ReportFontFiles> {
  if (loading) return loading
  const load = source().then(async (files) => {
    setFontMetrics({ normal: readFontMetrics(files.normal), bold: readFontMetrics(files.bold) })
    await addFontFaces(files)
    return files
  })
  loading = load
  // A failed load (offline before the first visit cached it) is tried again by the next report.
  load.catch(() => {
    if (loading === load) loading = null
  })
  return load
}
