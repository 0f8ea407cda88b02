/**
 * A map block on the page: the frame (its picture comes later, print-map.ts), the legend under it
 * and the caption naming the basemap; and, once the picture is there, the scale bar and north arrow
 * drawn over it (`mapDecorations`, used by both renderers so they draw the same).
 */
import type { Flow } from './flow'
import { INK, lineHeight, MUTED, RULE, SIZE } from './layout-style'
import type { LaidItem, LaidMap, LegendEntry, MapBlock, MapImage } from './report-model'
import { scaleBar } from './scale-bar'
import { fitText, printable, textWidth } from './text-metrics'

const SWATCH = 9

export function layoutMapBlock(flow: Flow, m: MapBlock): void {
  const lh = lineHeight(SIZE.small)
  const legend = legendItems(flow, m.legend)
  const legendH = legend.height
  flow.ensure(m.height + 4 + legendH + lh)
  const top = flow.y
  flow.items.push({ t: 'map', id: m.id, x: flow.x, y: top, w: flow.width, h: m.height })
  flow.items.push({ t: 'rect', x: flow.x, y: top, w: flow.width, h: m.height, stroke: INK, lineWidth: 0.75 })
  flow.y = top + m.height + 4
  for (const item of legend.items) flow.items.push(shift(item, flow.y))
  flow.y += legendH
  flow.text({
    x: flow.x,
    y: flow.y,
    w: flow.width,
    lineHeight: lh,
    size: SIZE.small,
    color: MUTED,
    text: fitText(m.caption, flow.width, SIZE.small),
  })
  flow.y += lh
}

function shift(item: LaidItem, dy: number): LaidItem {
  if (item.t === 'text' || item.t === 'rect') return { ...item, y: item.y + dy }
  return item
}

/** Swatch and label entries, left to right, wrapping; y relative to the legend's top. */
function legendItems(flow: Flow, entries: readonly LegendEntry[]): { items: LaidItem[]; height: number } {
  const lh = lineHeight(SIZE.small) + 2
  const items: LaidItem[] = []
  let x = flow.x
  let y = 0
  for (const e of entries) {
    const text = printable(e.count === undefined ? e.label : `${e.label} (${e.count.toLocaleString('en-US')})`)
    const w = SWATCH + 4 + textWidth(text, SIZE.small) + 2
    if (x + w > flow.x + flow.width && x > flow.x) {
      x = flow.x
      y += lh
    }
    items.push(swatch(e, x, y + (lh - SWATCH) / 2))
    items.push({
      t: 'text',
      x: x + SWATCH + 4,
      y: y + 1,
      w: w - SWATCH - 4,
      lineHeight: lineHeight(SIZE.small),
      size: SIZE.small,
      weight: 'normal',
      color: INK,
      align: 'left',
      text,
    })
    x += w + 12
  }
  return { items, height: entries.length ? y + lh : 0 }
}

function swatch(e: LegendEntry, x: number, y: number): LaidItem {
  const base = { t: 'rect' as const, x, y, w: SWATCH, h: SWATCH }
  switch (e.pattern) {
    case 'hatch':
      return { ...base, stroke: e.color, lineWidth: 1.5, hatch: true }
    case 'outline':
      return { ...base, stroke: e.color, lineWidth: 0.75 }
    case 'dashed':
      return { ...base, stroke: e.color, lineWidth: 1, dash: [2, 1.5] }
    default:
      return { ...base, fill: e.color, stroke: RULE, lineWidth: 0.4 }
  }
}

/** Scale bar (bottom left) and north arrow (top right) over the map's picture. */
export function mapDecorations(frame: LaidMap, image: MapImage): LaidItem[] {
  const items: LaidItem[] = []
  const bar = scaleBar(image.metersPerPoint, Math.min(140, frame.w / 3))
  if (bar) {
    const x = frame.x + 8
    const y = frame.y + frame.h - 16
    const labelW = textWidth(bar.label, SIZE.small) + 4
    items.push({ t: 'rect', x: x - 3, y: y - 9, w: bar.length + labelW + 10, h: 18, fill: '#ffffff' })
    // Two halves, black and white: reads on any basemap and in grayscale.
    items.push({ t: 'rect', x, y: y + 2, w: bar.length / 2, h: 4, fill: INK, stroke: INK, lineWidth: 0.5 })
    items.push({
      t: 'rect',
      x: x + bar.length / 2,
      y: y + 2,
      w: bar.length / 2,
      h: 4,
      fill: '#ffffff',
      stroke: INK,
      lineWidth: 0.5,
    })
    items.push({
      t: 'text',
      x: x + bar.length + 4,
      y: y - 1,
      w: labelW,
      lineHeight: lineHeight(SIZE.small),
      size: SIZE.small,
      weight: 'bold',
      color: INK,
      align: 'left',
      text: bar.label,
    })
    items.push({
      t: 'text',
      x: x - 2,
      y: y - 9,
      w: 20,
      lineHeight: 8,
      size: 6,
      weight: 'normal',
      color: MUTED,
      align: 'left',
      text: '0',
    })
  }
  // The maps are never rotated (the app keeps north up), so the arrow always points up.
  const cx = frame.x + frame.w - 16
  const top = frame.y + 8
  items.push({ t: 'rect', x: cx - 9, y: top - 2, w: 18, h: 30, fill: '#ffffff' })
  items.push({
    t: 'shape',
    points: [
      [cx, top + 10],
      [cx - 6, top + 24],
      [cx, top + 20],
      [cx + 6, top + 24],
    ],
    fill: INK,
  })
  items.push({
    t: 'text',
    x: cx - 8,
    y: top - 1,
    w: 16,
    lineHeight: 10,
    size: 8,
    weight: 'bold',
    color: INK,
    align: 'center',
    text: 'N',
  })
  return items
}
