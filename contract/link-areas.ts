/**
 * The writing half of a link's search areas (`a`, docs/url-format.md): coordinates quantized to
 * 1e-5° (about 1.1 m), each ring as an encoded polyline without its closing vertex. `p`/`r`/`c`/`f`
 * give the kind, `.` separates rings (holes), `~` separates areas, and `*` starts an area's name where
 * it has one (UTF-8 in base64url, so any name stays URL-safe and clear of the separators; a bare `*`:
 * the same name as the area before). Here, not in the app's share engine, because the server writes
 * links too (the MCP tools' answers); the app's reader is `src/features/share/area-codec.ts`.
 */
import type { Polygon, Position } from 'geojson'
import { encodeIntPairs } from './link-polyline'

const AREA_COORD_DIGITS = 5
export const AREA_COORD_SCALE = 10 ** AREA_COORD_DIGITS

export type LinkAreaKind = 'polygon' | 'rectangle' | 'circle' | 'freehand'

/** What a link keeps of a search area (the app's DrawnArea is one). */
export interface LinkArea {
  kind: LinkAreaKind
  geometry: Polygon
  label?: string
}

export const AREA_KIND_CODE: Record<LinkAreaKind, string> = { polygon: 'p', rectangle: 'r', circle: 'c', freehand: 'f' }

function quantizeCoord(x: number): number {
  return Math.round(x * AREA_COORD_SCALE) / AREA_COORD_SCALE + 0 // + 0 turns -0 into 0
}

/** Rounds every vertex to the link precision and drops vertices that rounding made repeat. */
export function quantizeArea<A extends LinkArea>(area: A): A {
  const rings = area.geometry.coordinates.map((ring) => {
    const out: Position[] = []
    for (const p of ring) {
      const q: Position = [quantizeCoord(p[0] as number), quantizeCoord(p[1] as number)]
      const prev = out.at(-1)
      if (!prev || prev[0] !== q[0] || prev[1] !== q[1]) out.push(q)
    }
    return out
  })
  return { ...area, geometry: { type: 'Polygon', coordinates: rings } }
}

function encodeRing(ring: readonly Position[]): string {
  const open = ring.length > 1 && samePoint(ring[0], ring.at(-1)) ? ring.slice(0, -1) : ring
  return encodeIntPairs(
    open.map((p) => [Math.round((p[0] as number) * AREA_COORD_SCALE), Math.round((p[1] as number) * AREA_COORD_SCALE)]),
  )
}

const samePoint = (a: Position | undefined, b: Position | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1]

export function encodeAreas(areas: readonly LinkArea[]): string {
  let previous = ''
  return areas
    .map((a) => {
      const label = a.label ? cleanLabel(a.label) : ''
      // The pieces of one county share its name: a bare `*` says "the name before", so a county of
      // thirty islands does not spend thirty copies of its name on the link's length.
      const named = !label ? '' : label === previous ? '*' : `*${toBase64Url(label)}`
      previous = label
      return AREA_KIND_CODE[a.kind] + a.geometry.coordinates.map(encodeRing).join('.') + named
    })
    .join('~')
}

/** Longest area name kept (a county's, a field's): the rest of a longer one is dropped. */
const AREA_LABEL_MAX = 80

/** One line of plain text: control characters (and so line breaks) out, spaces collapsed, capped. */
function cleanLabel(text: string): string {
  return [
    ...text
      .replace(/\p{Cc}+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, AREA_LABEL_MAX)
    .join('')
    .trim()
}

export function toBase64Url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The name, or undefined where it is not base64url of UTF-8 (a garbled link keeps its area). */
export function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return cleanLabel(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) || undefined
  } catch {
    return undefined
  }
}
