/**
 * A report's map at print resolution: an offscreen MapLibre map in a hidden container the size of
 * the printed frame, drawn at `pixelRatio` 2–3 with the drawing buffer kept, read out as a PNG once
 * every tile has loaded (`idle`). Not a screenshot of the screen's canvas: the frame's own size and
 * resolution, whatever the window. A basemap whose tiles fail is replaced by our offline map (and
 * the report says so) rather than printing a blank frame; a map that never settles is taken as it is
 * after `timeoutMs`, with a note.
 */
import { Map as MapLibreMap, type RequestParameters, type StyleSpecification } from 'maplibre-gl'
import { metresPerPixel } from '../../geo/ground-resolution'
import type { MapImage } from './report-model'

/** CSS pixels per point: CSS has 96 px and 72 pt to the inch. */
const PX_PER_PT = 96 / 72

export interface PrintMapRequest {
  style: StyleSpecification
  /** The same map without the online basemap (null: already offline). */
  offline: StyleSpecification | null
  basemapLabel: string
  offlineLabel: string
  /** [west, south, east, north] to frame. */
  bounds: readonly [number, number, number, number]
  /** Room around the bounds, as a share of the frame's smaller side (0.25: neighbours show). */
  padding: number
  maxZoom: number
  widthPt: number
  heightPt: number
  pixelRatio: number
  /** Fill-pattern images the style names (the subject's hatching). */
  patterns: readonly { id: string; color: string }[]
  transformRequest?(url: string): RequestParameters
  timeoutMs?: number
  signal?: AbortSignal
}

interface Drawn {
  dataUrl: string
  metersPerPoint: number
  basemapFailed: boolean
  tilesFailed: boolean
  timedOut: boolean
}

export async function renderPrintMap(req: PrintMapRequest): Promise<MapImage> {
  const first = await draw(req.style, req)
  if (first.basemapFailed && req.offline) {
    const second = await draw(req.offline, req)
    return image(second, req.offlineLabel, [
      `${req.basemapLabel} could not be reached, so the map is printed on the ${req.offlineLabel.toLowerCase()}.`,
    ])
  }
  return image(first, req.basemapLabel, [])
}

function image(d: Drawn, basemap: string, notes: string[]): MapImage {
  const out = [...notes]
  if (d.tilesFailed) out.push('Some parcel outlines could not be loaded.')
  if (d.timedOut) out.push('Some map tiles were still loading when the map was printed.')
  return { dataUrl: d.dataUrl, metersPerPoint: d.metersPerPoint, basemap, notes: out }
}

async function draw(style: StyleSpecification, req: PrintMapRequest): Promise<Drawn> {
  if (req.signal?.aborted) throw new DOMException('Aborted', 'AbortError')
  const width = Math.round(req.widthPt * PX_PER_PT)
  const height = Math.round(req.heightPt * PX_PER_PT)
  const container = document.createElement('div')
  container.setAttribute('aria-hidden', 'true')
  // Laid out (a canvas needs a size) but off the screen; set through the CSSOM, which the CSP allows.
  Object.assign(container.style, {
    position: 'fixed',
    left: '-20000px',
    top: '0',
    width: `${width}px`,
    height: `${height}px`,
  })
  document.body.append(container)
  const [w, s, e, n] = req.bounds
  const pad = Math.round(Math.min(width, height) * req.padding)
  let basemapFailed = false
  let tilesFailed = false
  const map = new MapLibreMap({
    container,
    style,
    bounds: [
      [w, s],
      [e, n],
    ],
    fitBoundsOptions: { padding: pad, maxZoom: req.maxZoom },
    interactive: false,
    attributionControl: false,
    pixelRatio: req.pixelRatio,
    fadeDuration: 0,
    canvasContextAttributes: { preserveDrawingBuffer: true, antialias: true },
    ...(req.transformRequest ? { transformRequest: req.transformRequest } : {}),
  })
  try {
    // MapLibre 6 asks a resolver for images the style names (the event can no longer supply them).
    map.setMissingStyleImageResolver((id) => {
      const p = req.patterns.find((x) => x.id === id)
      if (p && !map.hasImage(p.id))
        map.addImage(p.id, hatchImage(p.color, req.pixelRatio), { pixelRatio: req.pixelRatio })
    })
    // A listener on 'error' keeps MapLibre from logging each failed tile; what failed is noted instead.
    map.on('error', (ev) => {
      const id = (ev as { sourceId?: string }).sourceId
      if (id === 'basemap') basemapFailed = true
      else if (id) tilesFailed = true
    })
    const timedOut = await settled(map, req.timeoutMs ?? 30_000, req.signal)
    const c = map.getCenter()
    return {
      dataUrl: map.getCanvas().toDataURL('image/png'),
      metersPerPoint: metresPerPixel(c.lat, map.getZoom()) * PX_PER_PT,
      basemapFailed,
      tilesFailed,
      timedOut,
    }
  } finally {
    map.remove()
    container.remove()
  }
}

/** Resolves when every tile is loaded and drawn (`idle`): false, or true when it gave up waiting. */
function settled(map: MapLibreMap, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(true), timeoutMs)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new DOMException('Aborted', 'AbortError'))
    }
    const done = (timedOut: boolean) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      // One more frame so the last tiles are on the canvas, not only loaded.
      map.once('render', () => resolve(timedOut))
      map.triggerRepaint()
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    map.once('idle', () => done(false))
  })
}

/** Diagonal lines in `color` on transparent: tiles seamlessly (the line wraps at the corners). */
function hatchImage(color: string, ratio: number): ImageData {
  const size = Math.round(8 * ratio)
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D
  ctx.strokeStyle = color
  ctx.lineWidth = 1.4 * ratio
  ctx.beginPath()
  for (const o of [-size, 0, size]) {
    ctx.moveTo(o, size)
    ctx.lineTo(o + size, 0)
  }
  ctx.stroke()
  return ctx.getImageData(0, 0, size, size)
}
