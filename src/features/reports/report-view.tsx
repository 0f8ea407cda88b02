/**
 * The report, full screen over the app: the pages as they will print, the paper (US Letter or A4),
 * Print (the browser's own dialog; the print stylesheet prints only these pages), Download PDF (the
 * same pages, built by pdf-lib) and, where the browser can share files, Share PDF. The buttons wait
 * for the maps; Escape or Close returns to the app. The rest of the page is inert while it is open.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { canSharePdf, downloadPdf, sharePdf } from './deliver-pdf'
import { PAPERS, type PaperId } from './paper'
import type { LaidPage, MapImage, MapImageState, ReportDocument } from './report-model'
import { ReportPages } from './report-pages'
import './reports.css'

export interface ReportViewProps {
  doc: ReportDocument
  paper: PaperId
  pages: readonly LaidPage[]
  maps: Readonly<Record<string, MapImageState>>
  onPaper(paper: PaperId): void
  onClose(): void
  /** Print (the browser's dialog); the app passes window.print. */
  print?(): void
}

type Job =
  | { state: 'idle' }
  | { state: 'busy'; what: string }
  | { state: 'done'; message: string }
  | { state: 'error'; message: string }

/** CSS pixels per point. */
const PX_PER_PT = 96 / 72

export function ReportView({ doc, paper, pages, maps, onPaper, onClose, print }: ReportViewProps) {
  const titleId = useId()
  const paperId = useId()
  const root = useRef<HTMLDivElement>(null)
  const sheet = useRef<HTMLDivElement>(null)
  const [job, setJob] = useState<Job>({ state: 'idle' })
  const [zoom, setZoom] = useState(1)
  const [shareable] = useState(canSharePdf)
  const states = Object.values(maps)
  const drawing = states.some((m) => m.status === 'rendering')
  const busy = drawing || job.state === 'busy'

  // Modal: everything else on the page is inert (no focus, no clicks) and hidden from print.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const others = [...document.body.children].filter((el) => el !== root.current && !el.hasAttribute('inert'))
    for (const el of others) el.setAttribute('inert', '')
    document.body.classList.add('rp-open')
    root.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      for (const el of others) el.removeAttribute('inert')
      document.body.classList.remove('rp-open')
      opener?.focus?.()
    }
  }, [])

  // Pages shrink to the window's width on a phone (print always gets them at 100 %).
  useEffect(() => {
    const el = sheet.current
    const width = (pages[0]?.width ?? 612) * PX_PER_PT
    if (!el || typeof ResizeObserver === 'undefined') return
    const fitWidth = () => setZoom(Math.min(1, Math.max(0.3, (el.clientWidth - 24) / width)))
    fitWidth()
    const ro = new ResizeObserver(fitWidth)
    ro.observe(el)
    return () => ro.disconnect()
  }, [pages])

  const images = (): Record<string, MapImage> => {
    const out: Record<string, MapImage> = {}
    for (const [id, m] of Object.entries(maps)) if (m.status === 'ready') out[id] = m.image
    return out
  }
  const makePdf = async () => {
    const { buildReportPdf } = await import('./pdf-builder')
    return buildReportPdf(pages, images(), { title: doc.title, subject: doc.heading })
  }
  const run = async (what: string, task: () => Promise<string | null>) => {
    setJob({ state: 'busy', what })
    try {
      const message = await task()
      setJob(message ? { state: 'done', message } : { state: 'idle' })
    } catch (e) {
      setJob({ state: 'error', message: `Could not make the PDF: ${e instanceof Error ? e.message : String(e)}` })
    }
  }
  const download = () =>
    run('Making the PDF…', async () => {
      downloadPdf(await makePdf(), doc.fileName)
      return `Saved ${doc.fileName}.pdf.`
    })
  const share = () =>
    run('Making the PDF…', async () => ((await sharePdf(await makePdf(), doc.fileName, doc.title)) ? 'Shared.' : null))

  const status = drawing
    ? 'Drawing the map at print resolution…'
    : job.state === 'busy'
      ? job.what
      : job.state === 'done' || job.state === 'error'
        ? job.message
        : `${pages.length} page${pages.length === 1 ? '' : 's'}, ${PAPERS[paper].label}. Ready to print.`
  return (
    <div
      ref={root}
      className="rp-root"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-ready={busy ? 'false' : 'true'}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation()
          onClose()
        }
      }}
    >
      <div className="rp-toolbar">
        <h2 id={titleId} className="rp-title">
          {doc.title}
        </h2>
        <label htmlFor={paperId} className="rp-paper">
          Paper
        </label>
        <select id={paperId} value={paper} onChange={(e) => onPaper(e.target.value as PaperId)}>
          {Object.values(PAPERS).map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          data-autofocus=""
          disabled={busy}
          onClick={() => (print ?? window.print)()}
        >
          Print
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void download()}>
          Download PDF
        </button>
        {shareable && (
          <button type="button" className="button" disabled={busy} onClick={() => void share()}>
            Share PDF
          </button>
        )}
        <button type="button" className="ghost-button rp-close" onClick={onClose}>
          Close
        </button>
        <p className={`rp-status${job.state === 'error' ? ' rp-status--error' : ''}`} role="status" aria-live="polite">
          {status}
        </p>
      </div>
      <div ref={sheet} className="rp-sheet" style={{ ['--rp-zoom' as string]: String(zoom) }}>
        <ReportPages pages={pages} maps={maps} paperId={paper} />
      </div>
    </div>
  )
}
