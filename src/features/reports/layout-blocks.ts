/** How each kind of block lies in the flow (layout.ts): its items, and where it breaks across pages. */
import type { Flow } from './flow'
import { layoutMapBlock } from './layout-map'
import { GAP, HEADER_FILL, INK, lineHeight, MUTED, SIZE } from './layout-style'
import { qrCode } from './qr'
import type { Block, FactsBlock, LinkBlock, PairBlock, ParagraphBlock, StripBlock, TableBlock } from './report-model'
import { fitText, printable, textWidth, wrapText } from './text-metrics'

export function layoutBlock(block: Block, flow: Flow, next: Block | undefined): void {
  switch (block.kind) {
    case 'heading':
      // Kept with what follows: a heading alone at the foot of a page reads as a mistake.
      flow.ensure(lineHeight(SIZE.section) + Math.min(60, next?.kind === 'table' ? 40 : 60))
      sectionTitle(flow, block.text)
      return
    case 'paragraph':
      paragraph(flow, block)
      return
    case 'facts':
      facts(flow, block)
      return
    case 'table':
      table(flow, block)
      return
    case 'strip':
      strip(flow, block)
      return
    case 'link':
      link(flow, block)
      return
    case 'map':
      layoutMapBlock(flow, block)
      return
    case 'pair':
      pair(flow, block)
      return
  }
}

const PAIR_GAP = 16

function stack(flow: Flow, blocks: readonly Block[]): void {
  blocks.forEach((b, i) => {
    if (i > 0) flow.y += GAP
    layoutBlock(b, flow, blocks[i + 1])
  })
}

/** Both stacks from the same top; the pair moves to the next page whole when it does not fit. */
function pair(flow: Flow, p: PairBlock): void {
  const leftW = (flow.width - PAIR_GAP) * p.split
  const rightW = flow.width - PAIR_GAP - leftW
  const rightX = flow.x + leftW + PAIR_GAP
  const leftH = measureStack(flow, flow.x, leftW, p.left)
  const rightH = measureStack(flow, rightX, rightW, p.right)
  flow.ensure(Math.max(leftH, rightH))
  const top = flow.y
  const leftEnd = flow.inColumn(flow.x, leftW, () => stack(flow, p.left))
  flow.y = top
  const rightEnd = flow.inColumn(rightX, rightW, () => stack(flow, p.right))
  flow.y = Math.max(leftEnd, rightEnd)
}

function measureStack(flow: Flow, x: number, width: number, blocks: readonly Block[]): number {
  return flow.measure((scratch) => scratch.inColumn(x, width, () => stack(scratch, blocks)))
}

function sectionTitle(flow: Flow, text: string): void {
  const lh = lineHeight(SIZE.section)
  flow.text({
    x: flow.x,
    y: flow.y,
    w: flow.width,
    lineHeight: lh,
    size: SIZE.section,
    weight: 'bold',
    tag: 'h2',
    text: fitText(text, flow.width, SIZE.section, 'bold'),
  })
  flow.y += lh + 2
}

function paragraph(flow: Flow, p: ParagraphBlock): void {
  const size = p.size ?? SIZE.body
  const lh = lineHeight(size)
  const weight = p.tone === 'strong' ? 'bold' : 'normal'
  for (const line of wrapText(p.text, flow.width, size, weight)) {
    flow.ensure(lh)
    flow.text({
      x: flow.x,
      y: flow.y,
      w: flow.width,
      lineHeight: lh,
      size,
      weight,
      color: p.tone === 'muted' ? MUTED : INK,
      tag: 'p',
      text: line,
    })
    flow.y += lh
  }
}

const FACT_GAP = 14

/** Label and value pairs in columns, filled top to bottom then left to right; never split. */
function facts(flow: Flow, f: FactsBlock): void {
  const colW = (flow.width - FACT_GAP * (f.columns - 1)) / f.columns
  const labelW = Math.min(110, colW * 0.4)
  const valueW = colW - labelW - 4
  const lh = lineHeight(SIZE.body)
  const laid = f.rows.map((r) => ({
    label: fitText(r.label, labelW - 4, SIZE.small),
    lines: wrapText(r.value || '–', valueW, SIZE.body, 'normal', 3),
  }))
  const perColumn = Math.ceil(laid.length / f.columns)
  const columns = Array.from({ length: f.columns }, (_, c) => laid.slice(c * perColumn, (c + 1) * perColumn))
  const height = Math.max(...columns.map((col) => col.reduce((h, r) => h + r.lines.length * lh + 2, 0)))
  const titleH = f.title ? lineHeight(SIZE.section) + 2 : 0
  flow.ensure(height + titleH)
  if (f.title) sectionTitle(flow, f.title)
  const top = flow.y
  columns.forEach((col, c) => {
    let y = top
    const x = flow.x + c * (colW + FACT_GAP)
    for (const r of col) {
      flow.text({ x, y, w: labelW, lineHeight: lh, size: SIZE.small, color: MUTED, text: r.label })
      r.lines.forEach((line, i) => {
        flow.text({ x: x + labelW, y: y + i * lh, w: valueW, lineHeight: lh, size: SIZE.body, text: line })
      })
      y += r.lines.length * lh + 2
      flow.items.push({ t: 'line', x1: x, y1: y - 1, x2: x + colW, y2: y - 1, width: 0.25, color: HEADER_FILL })
    }
  })
  flow.y = top + height
}

const CELL_PAD = 3
/** Rows a table's column widths are measured on (enough to see each column's typical length). */
const WIDTH_SAMPLE = 300

/**
 * Each column as wide as its longest text in the first rows (and its label's longest word), capped
 * by its weight (a wide owner column may not starve the others), then scaled to fill the width.
 */
function columnWidths(t: TableBlock, width: number, size: number): number[] {
  const total = t.columns.reduce((s, c) => s + c.weight, 0) || 1
  const rows = t.rows.slice(0, WIDTH_SAMPLE)
  // No column narrower than its label's longest word: a header may wrap, never lose letters.
  const least = t.columns.map(
    (c) => Math.max(...c.label.split(' ').map((w) => textWidth(printable(w), size, 'bold'))) + 2 * CELL_PAD + 1,
  )
  const wanted = t.columns.map((c, i) => {
    const label = textWidth(printable(c.label), size, 'bold')
    const longest = rows.reduce((m, r) => Math.max(m, textWidth(printable(r[i] ?? ''), size)), label)
    const cap = ((width * c.weight) / total) * 1.6
    return Math.max(least[i] as number, Math.min(cap, longest + 2 * CELL_PAD + 1))
  })
  const sum = (xs: number[]) => xs.reduce((s, w) => s + w, 0)
  if (sum(wanted) <= width) return wanted.map((w) => (w * width) / sum(wanted))
  const room = width - sum(least)
  if (room <= 0) return least.map((w) => (w * width) / sum(least))
  const extra = wanted.map((w, i) => w - (least[i] as number))
  // Too wide: every column keeps its least, the room above that is shared as the columns want it.
  const k = room / sum(extra)
  return least.map((w, i) => w + (extra[i] as number) * k)
}

/** Rows over as many pages as it takes; each page's part has the header again. */
function table(flow: Flow, t: TableBlock): void {
  const size = t.size ?? SIZE.table
  const rowHeight = Math.round(size * 1.6 * 100) / 100
  const colW = columnWidths(t, flow.width, size)
  const colX = colW.map((_, i) => flow.x + colW.slice(0, i).reduce((s, w) => s + w, 0))
  const cut = (text: string, i: number, bold = false) =>
    fitText(text, (colW[i] ?? 0) - 2 * CELL_PAD, size, bold ? 'bold' : 'normal')
  // Narrow columns of a wide table keep their whole label on two lines rather than cut it.
  const header = t.columns.map((c, i) => wrapText(c.label, (colW[i] ?? 0) - 2 * CELL_PAD, size, 'bold', 2).join('\n'))
  const headerLines = header.some((h) => h.includes('\n')) ? 2 : 1
  const headerLineHeight = lineHeight(size)
  const headerHeight = Math.round((headerLines * headerLineHeight + size * 0.7) * 100) / 100
  const titleH = t.title ? lineHeight(SIZE.section) + 2 : 0
  flow.ensure(titleH + headerHeight + rowHeight * Math.min(3, Math.max(1, t.rows.length)))
  if (t.title) sectionTitle(flow, t.title)
  let start = 0
  do {
    if (flow.room < headerHeight + rowHeight) flow.newPage()
    const fit = Math.max(1, Math.floor((flow.room - headerHeight) / rowHeight))
    const rows = t.rows.slice(start, start + fit).map((r) => t.columns.map((_, i) => cut(r[i] ?? '', i)))
    flow.items.push({
      t: 'table',
      x: flow.x,
      y: flow.y,
      colX,
      colW,
      align: t.columns.map((c) => c.align),
      headerHeight,
      headerLineHeight,
      rowHeight,
      size,
      header,
      rows,
      firstRow: start,
      caption: t.title ?? 'Table',
    })
    flow.y += headerHeight + rows.length * rowHeight
    start += rows.length
    if (start < t.rows.length) flow.newPage()
  } while (start < t.rows.length)
  if (t.note) {
    flow.y += 2
    paragraph(flow, { kind: 'paragraph', text: t.note, size: SIZE.small, tone: 'muted' })
  }
}

const STRIP_H = 16

/** Colour cells, each with its letter (and its label under it): readable without the colours. */
function strip(flow: Flow, s: StripBlock): void {
  const proportional = s.cells.some((c) => c.share !== undefined)
  const labelH = lineHeight(SIZE.small)
  const legend = proportional ? stripLegend(flow, s) : []
  const legendH = legend.length ? legend.at(-1)!.y + labelH : 0
  const noteH = s.note ? lineHeight(SIZE.small) : 0
  flow.ensure(lineHeight(SIZE.section) + 2 + STRIP_H + (proportional ? legendH + 4 : labelH) + noteH)
  sectionTitle(flow, s.title)
  const top = flow.y
  const cellW = proportional ? 0 : Math.min(30, flow.width / Math.max(1, s.cells.length))
  let x = flow.x
  for (const c of s.cells) {
    const w = proportional ? flow.width * (c.share ?? 0) : cellW
    if (w <= 0) continue
    flow.items.push({
      t: 'rect',
      x,
      y: top,
      w: Math.max(0.5, w - 1),
      h: STRIP_H,
      fill: c.color,
      stroke: INK,
      lineWidth: 0.4,
    })
    if (w >= textWidth(c.mark, SIZE.body, 'bold') + 4)
      flow.text({
        x,
        y: top + (STRIP_H - lineHeight(SIZE.body)) / 2,
        w: w - 1,
        lineHeight: lineHeight(SIZE.body),
        size: SIZE.body,
        weight: 'bold',
        color: contrastInk(c.color),
        align: 'center',
        text: c.mark,
      })
    if (!proportional)
      flow.text({
        x,
        y: top + STRIP_H + 1,
        w: cellW - 1,
        lineHeight: labelH,
        size: SIZE.small,
        color: MUTED,
        align: 'center',
        text: fitText(c.label, cellW - 1, SIZE.small),
      })
    x += w
  }
  flow.y = top + STRIP_H + (proportional ? 4 : labelH + 1)
  for (const l of legend) flow.text({ ...l, y: flow.y + l.y })
  flow.y += legendH
  if (s.note) {
    flow.text({
      x: flow.x,
      y: flow.y,
      w: flow.width,
      lineHeight: lineHeight(SIZE.small),
      size: SIZE.small,
      color: MUTED,
      text: fitText(s.note, flow.width, SIZE.small),
    })
    flow.y += lineHeight(SIZE.small)
  }
}

/** "C Corn 45 %"-style entries for a proportional strip, wrapped into lines (y relative to the legend). */
function stripLegend(flow: Flow, s: StripBlock) {
  const size = SIZE.small
  const lh = lineHeight(size)
  const out: { x: number; y: number; w: number; lineHeight: number; size: number; text: string }[] = []
  let x = flow.x
  let y = 0
  for (const c of s.cells) {
    const text = printable(`${c.mark} = ${c.label}`)
    const w = textWidth(text, size) + 2
    if (x + w > flow.x + flow.width && x > flow.x) {
      x = flow.x
      y += lh
    }
    out.push({ x, y, w, lineHeight: lh, size, text })
    x += w + 12
  }
  return out
}

/** Black on light colours, white on dark ones (relative luminance). */
function contrastInk(color: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(color)
  if (!m) return INK
  const n = Number.parseInt(m[1] as string, 16)
  const lum = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)
  return lum < 110 ? '#ffffff' : INK
}

const QR_MIN = 58
const QR_MAX = 100

function link(flow: Flow, l: LinkBlock): void {
  const qr = qrCode(l.url, QR_MIN, QR_MAX)
  // In a narrow column the code sits above the words, else beside them.
  const above = flow.width < 240
  const textX = flow.x + (qr && !above ? qr.size + 12 : 0)
  const textTop = qr && above ? qr.size + 6 : 0
  const textW = flow.x + flow.width - textX
  const lh = lineHeight(SIZE.small)
  const urlLines = wrapText(l.url, textW, SIZE.small, 'normal', 8)
  const words = wrapText(qr ? l.text : `${l.text} (the link is too long for a QR code)`, textW, SIZE.body, 'bold', 3)
  const textH = words.length * lineHeight(SIZE.body) + 2 + urlLines.length * lh
  const height = above ? textTop + textH : Math.max(qr?.size ?? 0, textH)
  flow.ensure(height)
  const top = flow.y
  if (qr) flow.items.push({ t: 'qr', x: flow.x, y: top, size: qr.size, modules: qr.modules })
  let y = top + textTop
  for (const w of words) {
    flow.text({ x: textX, y, w: textW, lineHeight: lineHeight(SIZE.body), size: SIZE.body, weight: 'bold', text: w })
    y += lineHeight(SIZE.body)
  }
  y += 2
  for (const u of urlLines) {
    flow.text({ x: textX, y, w: textW, lineHeight: lh, size: SIZE.small, text: u, href: l.url })
    y += lh
  }
  flow.y = top + height
}
