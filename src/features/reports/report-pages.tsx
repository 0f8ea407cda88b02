/**
 * The laid pages as HTML, for the screen preview and the browser's Print: each page a box of the
 * paper's size in points, its items placed where layout.ts put them. Maps are <img>s of the print
 * render; rules, swatches, the north arrow and the QR code one SVG layer; text and tables real
 * elements (a heading is an h1/h2, a table a <table> with its header row), so the page reads as a
 * document. The PDF builder draws the same items in the same order (images, shapes, text).
 */
import { useId } from 'react'
import { mapDecorations } from './layout-map'
import { HEADER_FILL, ZEBRA_FILL } from './layout-style'
import type { LaidItem, LaidMap, LaidPage, LaidTable, LaidText, MapImageState } from './report-model'

const pt = (n: number) => `${Math.round(n * 100) / 100}pt`

export function ReportPages({
  pages,
  maps,
  paperId,
}: {
  pages: readonly LaidPage[]
  maps: Readonly<Record<string, MapImageState>>
  paperId: string
}) {
  return (
    <>
      {pages.map((page) => (
        <Page key={page.number} page={page} maps={maps} paperId={paperId} />
      ))}
    </>
  )
}

function Page({
  page,
  maps,
  paperId,
}: {
  page: LaidPage
  maps: Readonly<Record<string, MapImageState>>
  paperId: string
}) {
  const hatchId = useId()
  const frames = page.items.filter((i): i is LaidMap => i.t === 'map')
  const decorations = frames.flatMap((f) => {
    const s = maps[f.id]
    return s?.status === 'ready' ? mapDecorations(f, s.image) : []
  })
  const items = [...page.items, ...decorations]
  return (
    <section
      className={`rp-page rp-page--${paperId}`}
      aria-label={`Page ${page.number} of ${page.count}`}
      data-page={page.number}
      style={{ width: pt(page.width), height: pt(page.height) }}
    >
      {frames.map((f) => (
        <MapFrame key={f.id} frame={f} state={maps[f.id]} />
      ))}
      <svg
        className="rp-shapes"
        aria-hidden="true"
        width={pt(page.width)}
        height={pt(page.height)}
        viewBox={`0 0 ${page.width} ${page.height}`}
      >
        <defs>
          {[...new Set(items.flatMap((i) => (i.t === 'rect' && i.hatch && i.stroke ? [i.stroke] : [])))].map((c) => (
            <pattern
              key={c}
              id={`${hatchId}${c.slice(1)}`}
              width="3"
              height="3"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <line x1="0" y1="0" x2="0" y2="3" stroke={c} strokeWidth="1.2" />
            </pattern>
          ))}
        </defs>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a laid page never reorders
          <Shape key={i} item={item} hatchId={hatchId} />
        ))}
      </svg>
      {items.map((item, i) =>
        item.t === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a laid page never reorders
          <Text key={i} item={item} />
        ) : item.t === 'table' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a laid page never reorders
          <Table key={i} item={item} />
        ) : null,
      )}
    </section>
  )
}

function MapFrame({ frame, state }: { frame: LaidMap; state: MapImageState | undefined }) {
  const box = { left: pt(frame.x), top: pt(frame.y), width: pt(frame.w), height: pt(frame.h) }
  if (state?.status === 'ready')
    return <img className="rp-map" data-map={frame.id} src={state.image.dataUrl} alt="Map" style={box} />
  return (
    <div className="rp-map rp-map--waiting" data-map={frame.id} style={box} role="status">
      {state?.status === 'failed' ? `The map could not be drawn: ${state.message}` : 'Drawing the map…'}
    </div>
  )
}

function Shape({ item, hatchId }: { item: LaidItem; hatchId: string }) {
  switch (item.t) {
    case 'rect':
      return (
        <rect
          x={item.x}
          y={item.y}
          width={item.w}
          height={item.h}
          fill={item.hatch && item.stroke ? `url(#${hatchId}${item.stroke.slice(1)})` : (item.fill ?? 'none')}
          stroke={item.stroke ?? 'none'}
          strokeWidth={item.lineWidth ?? 0}
          strokeDasharray={item.dash?.join(' ')}
        />
      )
    case 'line':
      return <line x1={item.x1} y1={item.y1} x2={item.x2} y2={item.y2} stroke={item.color} strokeWidth={item.width} />
    case 'shape':
      return <polygon points={item.points.map((p) => p.join(',')).join(' ')} fill={item.fill} />
    case 'qr': {
      const m = item.size / (item.modules.length || 1)
      const d = item.modules
        .flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x * m} ${y * m}h${m}v${m}h${-m}z`] : [])))
        .join('')
      return (
        <g transform={`translate(${item.x} ${item.y})`}>
          <path d={d} fill="#000" shapeRendering="crispEdges" />
        </g>
      )
    }
    default:
      return null
  }
}

function Text({ item }: { item: LaidText }) {
  const Tag = item.tag ?? 'span'
  const style = {
    left: pt(item.x),
    top: pt(item.y),
    width: pt(item.w),
    height: pt(item.lineHeight),
    lineHeight: pt(item.lineHeight),
    fontSize: pt(item.size),
    fontWeight: item.weight === 'bold' ? 700 : 400,
    color: item.color,
    textAlign: item.align,
  } as const
  return (
    <Tag className="rp-text" style={style}>
      {item.href ? <a href={item.href}>{item.text}</a> : item.text}
    </Tag>
  )
}

function Table({ item }: { item: LaidTable }) {
  const width = item.colW.reduce((s, w) => s + w, 0)
  const cell = (i: number) => ({ textAlign: item.align[i] ?? 'left' }) as const
  return (
    <table
      className="rp-table"
      style={{ left: pt(item.x), top: pt(item.y), width: pt(width), fontSize: pt(item.size) }}
    >
      <caption className="rp-sr">{item.caption}</caption>
      <colgroup>
        {item.colW.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
          <col key={i} style={{ width: pt(w) }} />
        ))}
      </colgroup>
      <thead>
        <tr style={{ height: pt(item.headerHeight), lineHeight: pt(item.headerLineHeight), background: HEADER_FILL }}>
          {item.header.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
            <th key={i} scope="col" style={cell(i)}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {item.rows.map((row, r) => (
          <tr
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a laid page never reorder
            key={r}
            style={{
              height: pt(item.rowHeight),
              lineHeight: pt(item.rowHeight),
              background: (item.firstRow + r) % 2 === 1 ? ZEBRA_FILL : undefined,
            }}
          >
            {row.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              <td key={i} style={cell(i)}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
