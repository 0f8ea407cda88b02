/**
 * Lays a report document out on pages of a paper size: the page furniture (kicker, heading, footer
 * with provenance and "Page n of N"), then the blocks top to bottom, each on the page where it fits.
 * Tables continue over as many pages as they take with their header repeated; paragraphs break
 * between lines. Page breaks are computed here, from fixed row heights and the fonts' own metrics
 * (text-metrics.ts), not left to the browser: the HTML and the PDF then break at the same rows, and
 * every page knows its number (Chromium does not print CSS paged-media margin boxes).
 */
import { layoutBlock } from './layout-blocks'
import { FOOTER, GAP, INK, lineHeight, MUTED, RULE, SIZE } from './layout-style'
import type { LaidItem, LaidPage, ReportDocument } from './report-model'
import { MARGIN, type Paper } from './paper'
import { fitText, textWidth, wrapText } from './text-metrics'

/** Where blocks are placed: pages of items, and the pen's position on the last one. */
export class Flow {
  readonly pages: LaidItem[][] = []
  y = 0
  /** The column blocks are laid in: the page's text width, or part of it inside a `pair`. */
  x = MARGIN
  width: number
  readonly bottom: number

  constructor(
    readonly paper: Paper,
    private readonly doc: ReportDocument,
  ) {
    this.width = paper.width - 2 * MARGIN
    this.bottom = paper.height - MARGIN - FOOTER
    this.newPage()
  }

  get items(): LaidItem[] {
    return this.pages[this.pages.length - 1] as LaidItem[]
  }

  get room(): number {
    return this.bottom - this.y
  }

  /** A page with room for nothing yet is "fresh": a block that does not fit on one never moves on. */
  get fresh(): boolean {
    return this.y === this.top
  }

  private top = 0

  newPage(): void {
    this.pages.push([])
    this.y = this.pages.length === 1 ? firstHeader(this.doc, this) : nextHeader(this.doc, this)
    this.top = this.y
  }

  /** Starts a new page unless `height` fits here (or this page is still empty). */
  ensure(height: number): void {
    if (height > this.room && !this.fresh) this.newPage()
  }

  /** Lays `run` in a column [x, x + width), then restores the full width; returns where it ended. */
  inColumn(x: number, width: number, run: () => void): number {
    const saved = [this.x, this.width] as const
    this.x = x
    this.width = width
    try {
      run()
    } finally {
      ;[this.x, this.width] = saved
    }
    return this.y
  }

  /** Height `run` takes when laid from the top of a fresh page (nothing is kept). */
  measure(run: (scratch: Flow) => void): number {
    const scratch = new Flow(this.paper, this.doc)
    scratch.x = this.x
    scratch.width = this.width
    const top = scratch.y
    run(scratch)
    return scratch.pages.length > 1 ? Number.POSITIVE_INFINITY : scratch.y - top
  }

  text(t: Omit<Extract<LaidItem, { t: 'text' }>, 't' | 'color' | 'align' | 'weight'> & Partial<Extract<LaidItem, { t: 'text' }>>): void {
    this.items.push({ t: 'text', color: INK, align: 'left', weight: 'normal', ...t })
  }
}

function kicker(doc: ReportDocument, flow: Flow, suffix: string): void {
  const y = MARGIN
  const printed = doc.printed
  const printedW = textWidth(printed, SIZE.kicker)
  flow.text({
    x: flow.x,
    y,
    w: flow.width - printedW - 12,
    lineHeight: lineHeight(SIZE.kicker),
    size: SIZE.kicker,
    weight: 'bold',
    color: MUTED,
    text: fitText(`${doc.title.toUpperCase()}${suffix}`, flow.width - printedW - 12, SIZE.kicker, 'bold'),
  })
  flow.text({
    x: flow.x + flow.width - printedW - 2,
    y,
    w: printedW + 2,
    lineHeight: lineHeight(SIZE.kicker),
    size: SIZE.kicker,
    color: MUTED,
    align: 'right',
    text: printed,
  })
}

function firstHeader(doc: ReportDocument, flow: Flow): number {
  kicker(doc, flow, '')
  let y = MARGIN + lineHeight(SIZE.kicker) + 2
  const lh = lineHeight(SIZE.heading)
  flow.text({
    x: flow.x,
    y,
    w: flow.width,
    lineHeight: lh,
    size: SIZE.heading,
    weight: 'bold',
    tag: 'h1',
    text: fitText(doc.heading, flow.width, SIZE.heading, 'bold'),
  })
  y += lh
  if (doc.subheading) {
    for (const line of wrapText(doc.subheading, flow.width, SIZE.subheading, 'normal', 2)) {
      flow.text({ x: flow.x, y, w: flow.width, lineHeight: lineHeight(SIZE.subheading), size: SIZE.subheading, text: line })
      y += lineHeight(SIZE.subheading)
    }
  }
  y += 4
  flow.items.push({ t: 'line', x1: flow.x, y1: y, x2: flow.x + flow.width, y2: y, width: 1, color: INK })
  return y + GAP
}

function nextHeader(doc: ReportDocument, flow: Flow): number {
  kicker(doc, flow, ` · ${doc.heading} (continued)`)
  const y = MARGIN + lineHeight(SIZE.kicker) + 3
  flow.items.push({ t: 'line', x1: flow.x, y1: y, x2: flow.x + flow.width, y2: y, width: 0.5, color: RULE })
  return y + GAP
}

function footer(doc: ReportDocument, paper: Paper, number: number, count: number): LaidItem[] {
  const width = paper.width - 2 * MARGIN
  const y = paper.height - MARGIN - lineHeight(SIZE.small)
  const pageText = `Page ${number} of ${count}`
  const pageW = textWidth(pageText, SIZE.small) + 2
  return [
    { t: 'line', x1: MARGIN, y1: y - 4, x2: MARGIN + width, y2: y - 4, width: 0.5, color: RULE },
    {
      t: 'text',
      x: MARGIN,
      y,
      w: width - pageW - 12,
      lineHeight: lineHeight(SIZE.small),
      size: SIZE.small,
      weight: 'normal',
      color: MUTED,
      align: 'left',
      text: fitText(doc.source, width - pageW - 12, SIZE.small),
    },
    {
      t: 'text',
      x: MARGIN + width - pageW,
      y,
      w: pageW,
      lineHeight: lineHeight(SIZE.small),
      size: SIZE.small,
      weight: 'normal',
      color: INK,
      align: 'right',
      text: pageText,
    },
  ]
}

export function layoutReport(doc: ReportDocument, paper: Paper): LaidPage[] {
  const flow = new Flow(paper, doc)
  doc.blocks.forEach((block, i) => {
    if (i > 0 && !flow.fresh) flow.y += GAP
    layoutBlock(block, flow, doc.blocks[i + 1])
  })
  const count = flow.pages.length
  return flow.pages.map((items, i) => ({
    number: i + 1,
    count,
    width: paper.width,
    height: paper.height,
    items: [...items, ...footer(doc, paper, i + 1, count)],
  }))
}
