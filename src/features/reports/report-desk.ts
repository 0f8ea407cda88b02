/**
 * The open report, for the report view: its document, the paper, the laid pages and each map's
 * picture. Opening a report lays it out at once (the preview shows with "Drawing the map…" in its
 * frames) and renders its maps one after the other at the size of their printed frames; a new
 * paper lays the pages out again and redraws the maps for the new frame size. Plain TypeScript: the
 * maps are drawn through `renderMap` (MapLibre offscreen in the browser, a fake in Node tests).
 */

import type { ThemeId } from '../../format/themes'
import type { Bounds } from '../../ports/workspace-ports'
import { ValueStore } from '../../state/value-store'
import { PAPERS, type Paper, type PaperId } from './paper'
import type { Block, LaidMap, LaidPage, MapContent, MapImage, MapImageState, ReportDocument } from './report-model'

/** What to draw in a report's map frame, besides its size (which the layout decides). */
export interface ReportMapSpec {
  id: string
  content: MapContent
  frame: Bounds
  /** Room around the frame as a share of the map's smaller side. */
  padding: number
  maxZoom: number
  theme: ThemeId
  /** The basemap on screen (after any fallback). */
  basemap: string
}

export type ReportMapRequest = ReportMapSpec & { widthPt: number; heightPt: number }

export interface ReportState {
  doc: ReportDocument
  paper: PaperId
  pages: readonly LaidPage[]
  maps: Readonly<Record<string, MapImageState>>
}

export interface ReportDeskDeps {
  renderMap(req: ReportMapRequest, signal: AbortSignal): Promise<MapImage>
  paper: { get(): PaperId; set(paper: PaperId): void }
  /** Loads the report font (report-fonts.ts); tests pass their own. */
  loadFonts?(): Promise<unknown>
}

const loadFontFiles = () => import('./report-fonts').then((m) => m.loadReportFonts())

const RENDERING = 'Basemap: rendering…'

/** The caption once the map is drawn: which basemap it is on, and anything to know about it. */
function withBasemap(doc: ReportDocument, id: string, image: MapImage): ReportDocument {
  const fix = (b: Block): Block =>
    b.kind === 'map' && b.id === id
      ? { ...b, caption: b.caption.replace(RENDERING, [`Basemap: ${image.basemap}.`, ...image.notes].join(' ')) }
      : b.kind === 'pair'
        ? { ...b, left: b.left.map(fix), right: b.right.map(fix) }
        : b
  return { ...doc, blocks: doc.blocks.map(fix) }
}

export class ReportDesk {
  readonly state = new ValueStore<ReportState | null>(null)
  /**
   * Why the report asked for could not be opened (its font or layout did not load: offline before
   * the app was ever cached, a server gone). Said in words with Try again; before, nothing opened.
   */
  readonly failure = new ValueStore<string | null>(null)
  private specs: readonly ReportMapSpec[] = []
  private abort: AbortController | null = null
  private template: ReportDocument | null = null

  constructor(private readonly deps: ReportDeskDeps) {}

  open(doc: ReportDocument, maps: readonly ReportMapSpec[]): void {
    this.template = doc
    this.specs = maps
    void this.lay(this.deps.paper.get())
  }

  setPaper(paper: PaperId): void {
    this.deps.paper.set(paper)
    if (this.template) void this.lay(paper)
  }

  close(): void {
    this.abort?.abort()
    this.abort = null
    this.template = null
    this.state.set(null)
    this.failure.set(null)
  }

  /** Tries the report that failed to open again. */
  retry(): void {
    if (this.template) void this.lay(this.deps.paper.get())
  }

  /** Every map drawn (or failed): printing now prints what the preview shows. */
  ready(): boolean {
    const s = this.state.get()
    return !!s && Object.values(s.maps).every((m) => m.status !== 'rendering')
  }

  private async lay(paper: PaperId): Promise<void> {
    const doc = this.template
    if (!doc) return
    this.abort?.abort()
    const abort = new AbortController()
    this.abort = abort
    // The layout and the font it measures with load with the first report, not with the app.
    const loaded = await Promise.all([import('./layout'), (this.deps.loadFonts ?? loadFontFiles)()]).catch(() => null)
    if (!loaded) {
      if (abort.signal.aborted) return
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false
      this.failure.set(
        offline
          ? 'The report could not be opened: you are offline, and the report font is not saved on this device yet. Connect once, then try again.'
          : 'The report could not be opened: its font did not load from the server. Check the connection and try again.',
      )
      return
    }
    const [{ layoutReport }] = loaded
    if (abort.signal.aborted) return
    this.failure.set(null)
    const pages = layoutReport(doc, PAPERS[paper])
    const frames = new Map<string, LaidMap>()
    for (const p of pages) for (const i of p.items) if (i.t === 'map') frames.set(i.id, i)
    const maps: Record<string, MapImageState> = {}
    for (const s of this.specs) if (frames.has(s.id)) maps[s.id] = { status: 'rendering' }
    this.state.set({ doc, paper, pages, maps })
    await this.drawMaps(frames, abort.signal, layoutReport)
  }

  private async drawMaps(
    frames: ReadonlyMap<string, LaidMap>,
    signal: AbortSignal,
    layoutReport: (doc: ReportDocument, paper: Paper) => LaidPage[],
  ): Promise<void> {
    for (const spec of this.specs) {
      const frame = frames.get(spec.id)
      if (!frame) continue
      let next: MapImageState
      try {
        const image = await this.deps.renderMap({ ...spec, widthPt: frame.w, heightPt: frame.h }, signal)
        next = { status: 'ready', image }
      } catch (e) {
        next = { status: 'failed', message: e instanceof Error ? e.message : String(e) }
      }
      if (signal.aborted) return
      const s = this.state.get()
      if (!s) return
      const doc = next.status === 'ready' ? withBasemap(s.doc, spec.id, next.image) : s.doc
      // The caption changed: lay out again (frames keep their size, so the picture still fits).
      const pages = doc === s.doc ? s.pages : layoutReport(doc, PAPERS[s.paper])
      this.state.set({ ...s, doc, pages, maps: { ...s.maps, [spec.id]: next } })
    }
  }
}
