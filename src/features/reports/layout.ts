/**
 * Lays a report document out on pages of a paper size: the page furniture (kicker, heading, footer
 * with provenance and "Page n of N"), then the blocks top to bottom, each on the page where it fits.
 * Tables continue over as many pages as they take with their header repeated; paragraphs break
 * between lines. Page breaks are computed here, from fixed row heights and the fonts' own metrics
 * (text-metrics.ts), not left to the browser: the HTML and the PDF then break at the same rows, and
 * every page knows its number (Chromium does not print CSS paged-media margin boxes).
 */
import { Flow } from './flow'
import { layoutBlock } from './layout-blocks'
import { GAP, INK, lineHeight, MUTED, RULE, SIZE } from './layout-style'
import { MARGIN, type Paper } from './paper'
import type { LaidItem, LaidPage, ReportDocument } from './report-model'
import { fitText, textWidth, wrapText } from './text-metrics'

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
      flow.text({
        x: flow.x,
        y,
        w: flow.width,
        lineHeight: lineHeight(SIZE.subheading),
        size: SIZE.subheading,
        text: line,
      })
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
  const flow = new Flow(paper, (f, first) => (first ? firstHeader(doc, f) : nextHeader(doc, f)))
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
