/**
 * The laid pages as a PDF (pdf-lib, in the browser, offline): the same items the printed HTML shows,
 * drawn in the same order — map pictures, then rules, swatches and the QR code, then text and
 * tables — in the font whose metrics laid the text out (report-fonts.ts), embedded as a subset of
 * the glyphs used. Links are clickable. Loaded on first use (a chunk of its own, with fontkit, which
 * pdf-lib embeds TrueType fonts with), so the app does not carry it until asked.
 */
import fontkit from '@pdf-lib/fontkit'
import { type Color, PDFDocument, type PDFFont, type PDFImage, type PDFPage, PDFString, rgb } from 'pdf-lib'
import { mapDecorations } from './layout-map'
import { HEADER_FILL, ZEBRA_FILL } from './layout-style'
import { loadReportFonts } from './report-fonts'
import type { LaidItem, LaidPage, LaidTable, LaidText, MapImage } from './report-model'
import { baselineOffset, printable } from './text-metrics'

const colors = new Map<string, Color>()

function color(hex: string): Color {
  let c = colors.get(hex)
  if (!c) {
    const m = /^#?([0-9a-f]{6})$/i.exec(hex)
    const n = m ? Number.parseInt(m[1] as string, 16) : 0
    c = rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255)
    colors.set(hex, c)
  }
  return c
}

interface Ctx {
  doc: PDFDocument
  page: PDFPage
  height: number
  fonts: { normal: PDFFont; bold: PDFFont }
}

export interface PdfMeta {
  title: string
  subject: string
}

export async function buildReportPdf(
  pages: readonly LaidPage[],
  maps: Readonly<Record<string, MapImage>>,
  meta: PdfMeta,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(printable(meta.title))
  doc.setSubject(printable(meta.subject))
  doc.setCreator('Plat')
  doc.setProducer('Plat (pdf-lib)')
  const files = await loadReportFonts()
  doc.registerFontkit(fontkit)
  // No ligatures: "fi" drawn as one glyph would not be the two widths the layout measured.
  const embed = (bytes: Uint8Array) => doc.embedFont(bytes, { subset: true, features: { liga: false } })
  const fonts = { normal: await embed(files.normal), bold: await embed(files.bold) }
  const images = new Map<string, PDFImage>()
  for (const [id, image] of Object.entries(maps)) images.set(id, await doc.embedPng(image.dataUrl))
  for (const laid of pages) {
    const page = doc.addPage([laid.width, laid.height])
    const ctx: Ctx = { doc, page, height: laid.height, fonts }
    const decorations = laid.items.flatMap((i) => {
      const image = i.t === 'map' ? maps[i.id] : undefined
      return i.t === 'map' && image ? mapDecorations(i, image) : []
    })
    const items = [...laid.items, ...decorations]
    for (const item of items) {
      if (item.t !== 'map') continue
      const image = images.get(item.id)
      if (image) page.drawImage(image, { x: item.x, y: laid.height - item.y - item.h, width: item.w, height: item.h })
    }
    for (const item of items) drawShape(ctx, item)
    for (const item of items) {
      if (item.t === 'text') drawText(ctx, item)
      else if (item.t === 'table') drawTable(ctx, item)
    }
  }
  return doc.save()
}

function drawShape(ctx: Ctx, item: LaidItem): void {
  const { page, height } = ctx
  switch (item.t) {
    case 'rect': {
      const box = { x: item.x, y: height - item.y - item.h, width: item.w, height: item.h }
      if (item.fill) page.drawRectangle({ ...box, color: color(item.fill) })
      if (item.hatch && item.stroke) hatch(ctx, item.x, item.y, item.w, item.h, item.stroke)
      if (item.stroke)
        page.drawRectangle({
          ...box,
          borderColor: color(item.stroke),
          borderWidth: item.lineWidth ?? 0.5,
          ...(item.dash ? { borderDashArray: [...item.dash] } : {}),
        })
      return
    }
    case 'line':
      page.drawLine({
        start: { x: item.x1, y: height - item.y1 },
        end: { x: item.x2, y: height - item.y2 },
        thickness: item.width,
        color: color(item.color),
      })
      return
    case 'shape': {
      const [first, ...rest] = item.points
      if (!first) return
      const path = `M ${first[0]} ${first[1]} ${rest.map((p) => `L ${p[0]} ${p[1]}`).join(' ')} Z`
      // drawSvgPath's y axis points down from `y`, as the page's items do.
      page.drawSvgPath(path, { x: 0, y: height, color: color(item.fill), borderWidth: 0 })
      return
    }
    case 'qr': {
      const m = item.size / (item.modules.length || 1)
      const black = rgb(0, 0, 0)
      item.modules.forEach((row, r) => {
        // One rectangle per run of dark modules: a version-10 code is ~3,000 modules, ~600 runs.
        let start = -1
        for (let c = 0; c <= row.length; c++) {
          if (row[c] && start < 0) start = c
          if (!row[c] && start >= 0) {
            page.drawRectangle({
              x: item.x + start * m,
              y: height - item.y - (r + 1) * m,
              width: (c - start) * m,
              height: m,
              color: black,
            })
            start = -1
          }
        }
      })
      return
    }
    default:
      return
  }
}

/** Diagonal lines 3 pt apart clipped to the box (the legend's "this parcel" swatch). */
function hatch(ctx: Ctx, x: number, y: number, w: number, h: number, stroke: string): void {
  const step = 3
  for (let d = step; d < w + h; d += step) {
    // The line x + y' = d (y' down from the box top), clipped to 0 ≤ x ≤ w, 0 ≤ y' ≤ h.
    const x1 = Math.max(0, d - h)
    const x2 = Math.min(w, d)
    ctx.page.drawLine({
      start: { x: x + x1, y: ctx.height - (y + (d - x1)) },
      end: { x: x + x2, y: ctx.height - (y + (d - x2)) },
      thickness: 1,
      color: color(stroke),
    })
  }
}

function drawText(ctx: Ctx, t: LaidText): void {
  const font = t.weight === 'bold' ? ctx.fonts.bold : ctx.fonts.normal
  const text = printable(t.text)
  if (!text) return
  const width = font.widthOfTextAtSize(text, t.size)
  const x = t.align === 'right' ? t.x + t.w - width : t.align === 'center' ? t.x + (t.w - width) / 2 : t.x
  const y = ctx.height - t.y - baselineOffset(t.lineHeight, t.size)
  ctx.page.drawText(text, { x, y, size: t.size, font, color: color(t.color) })
  if (t.href) link(ctx, x, t.y, width, t.lineHeight, t.href)
}

function link(ctx: Ctx, x: number, top: number, w: number, h: number, url: string): void {
  const annot = ctx.doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [x, ctx.height - top - h, x + w, ctx.height - top],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
  })
  ctx.page.node.addAnnot(ctx.doc.context.register(annot))
}

const PAD = 3

function drawTable(ctx: Ctx, t: LaidTable): void {
  const width = t.colW.reduce((s, w) => s + w, 0)
  const { page, height } = ctx
  page.drawRectangle({
    x: t.x,
    y: height - t.y - t.headerHeight,
    width,
    height: t.headerHeight,
    color: color(HEADER_FILL),
  })
  t.rows.forEach((_, r) => {
    if ((t.firstRow + r) % 2 === 1)
      page.drawRectangle({
        x: t.x,
        y: height - t.y - t.headerHeight - (r + 1) * t.rowHeight,
        width,
        height: t.rowHeight,
        color: color(ZEBRA_FILL),
      })
  })
  const cell = (text: string, i: number, y: number, h: number, bold: boolean) =>
    drawText(ctx, {
      t: 'text',
      x: (t.colX[i] ?? 0) + PAD,
      y,
      w: (t.colW[i] ?? 0) - 2 * PAD,
      lineHeight: h,
      size: t.size,
      weight: bold ? 'bold' : 'normal',
      color: '#111111',
      align: t.align[i] ?? 'left',
      text,
    })
  t.header.forEach((h, i) => {
    const lines = h.split('\n')
    const top = t.y + (t.headerHeight - lines.length * t.headerLineHeight) / 2
    lines.forEach((line, k) => {
      cell(line, i, top + k * t.headerLineHeight, t.headerLineHeight, true)
    })
  })
  t.rows.forEach((row, r) => {
    row.forEach((c, i) => {
      cell(c, i, t.y + t.headerHeight + r * t.rowHeight, t.rowHeight, false)
    })
  })
  page.drawLine({
    start: { x: t.x, y: height - t.y - t.headerHeight },
    end: { x: t.x + width, y: height - t.y - t.headerHeight },
    thickness: 0.75,
    color: color('#111111'),
  })
}
