/**
 * Comparable sales for a parcel, on the API's calls alone: the subject's record, one area search
 * for a circle around it, then its sold parcels of similar size (`sale_price gt 0`, `acres between`),
 * kept to the years asked for and ranked by distance. The app's comps panel (src/features/value/)
 * ranks by weighted similarity (distance, size, land use, crop, soil, recency) and is not importable
 * from contract/, so this answer says what it rests on and its link opens the app's own comps for
 * the parcel, with the app's default choices, for a person to check.
 */
import type { Position } from 'geojson'
import { z } from 'zod'
import { MAX_IN_VALUES, MAX_LIMIT } from '../../contract/limits'
import type { AreaResponse, FilterItem, ParcelRecord, QueryResponse } from '../../contract/schemas'
import { platLink } from './answer-links'
import type { PlatCalls } from './plat-calls'
import { plural, recordView, type ToolAnswer } from './tool-answer'

export const compsInput = {
  svc_uuid: z.string().min(1).max(64).describe('The subject parcel.'),
  radius_miles: z.number().gt(0).max(30).optional().describe('Default: 10 for parcels of 10 acres or more, else 1.'),
  years: z.int().min(1).max(20).optional().describe('Sold within this many years. Default: 5 (10+ acres) or 3.'),
  acres_band: z
    .number()
    .min(0.01)
    .max(0.95)
    .optional()
    .describe('Acres within ± this share of the subject’s. Default 0.5.'),
  limit: z.int().min(1).max(100).default(10).describe('Comparable sales listed, nearest first.'),
}
const compsSchema = z.object(compsInput)

const MAX_SALE_PAGES = 10
const EARTH_MILES = 3958.8
const rad = (d: number) => (d * Math.PI) / 180

export function comparableSales(input: z.output<typeof compsSchema>, appUrl: string, today = new Date()) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const id = input.svc_uuid
    const subjectFilter: FilterItem[] = [{ field: 'svc_uuid', op: 'eq', value: id }]
    const found = await calls.call<QueryResponse>({
      method: 'POST',
      path: '/parcels/query',
      body: { filters: subjectFilter, limit: 1 },
    })
    const subject = found.results[0]
    if (!subject) throw new Error(`No parcel with svc_uuid ${id} on this server.`)
    const centre = centreOf(subject.geom)
    const acres = typeof subject.acres === 'number' ? subject.acres : null
    if (!centre || acres === null || acres <= 0)
      throw new Error('The subject parcel has no boundary or no acres to compare by.')
    const big = acres >= 10
    const radius = input.radius_miles ?? (big ? 10 : 1)
    const years = input.years ?? (big ? 5 : 3)
    const band = input.acres_band ?? 0.5
    const circle = circleRing(centre, radius)
    const area = await calls.call<AreaResponse>({
      method: 'POST',
      path: '/parcels/area',
      body: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [circle] }, properties: {} }],
      },
    })
    const ids = area.svc_uuids.filter((x) => x !== id).slice(0, MAX_IN_VALUES)
    const round3 = (n: number) => Math.round(n * 1000) / 1000
    const filters: FilterItem[] = [
      { field: 'svc_uuid', op: 'in', value: ids },
      { field: 'sale_price', op: 'gt', value: 0 },
      { field: 'acres', op: 'between', value: [round3(acres * (1 - band)), round3(acres * (1 + band))] },
    ]
    const sold: ParcelRecord[] = []
    let count = 0
    for (let page = 0; ids.length && page < MAX_SALE_PAGES; page++) {
      const body = {
        filters,
        limit: MAX_LIMIT,
        offset: page * MAX_LIMIT,
        order: { field: 'svc_uuid', direction: 'asc' },
      }
      const answer = await calls.call<QueryResponse>({ method: 'POST', path: '/parcels/query', body })
      count = answer.count
      sold.push(...answer.results)
      if (sold.length >= count) break
    }
    const since = new Date(today)
    since.setUTCFullYear(since.getUTCFullYear() - years)
    const comps = sold
      .map((r) => ({ r, day: saleDay(r.sale_date), at: centreOf(r.geom) }))
      .filter(
        (c): c is { r: ParcelRecord; day: Date; at: Position } => !!c.day && !!c.at && c.day >= since && c.day <= today,
      )
      .map(({ r, day, at }) => ({
        ...recordView(r, false),
        sale_date_iso: day.toISOString().slice(0, 10),
        miles: Math.round(miles(centre, at) * 100) / 100,
        price_per_acre: typeof r.acres === 'number' && r.acres > 0 ? Math.round(Number(r.sale_price) / r.acres) : null,
      }))
      .filter((c) => c.miles <= radius)
      .sort((a, b) => a.miles - b.miles)
    const perAcre = comps.map((c) => c.price_per_acre).filter((v): v is number => v !== null)
    const median = medianOf(perAcre)
    const unread = count > sold.length ? ` (${count - sold.length} more sales of that size were not read)` : ''
    return {
      summary: `${plural(comps.length, 'sale')} within ${radius} mi, ${years} years and ±${Math.round(band * 100)} % of the subject’s ${acres} acres${unread}; median $${median === null ? '—' : median.toLocaleString('en-US')} per acre.`,
      basis:
        'Rests on the API’s records: sold parcels (sale_price > 0) of similar size inside the radius, with a readable sale date in the window, nearest first. Plat’s comps panel (the link) ranks by weighted similarity — distance, size, land use, crop, soil, recency — and leaves out sales it judges not at arm’s length, so its list may differ.',
      count: comps.length,
      link: platLink(appUrl, { filters: subjectFilter, selected: id, compsFor: id }),
      data: {
        subject: recordView(subject, false),
        choices: { radius_miles: radius, years, acres_band: band },
        median_price_per_acre: median,
        comps: comps.slice(0, input.limit),
      },
    }
  }
}

/** The centre of the boundary's box: good enough to measure miles between parcels. */
function centreOf(geom: unknown): Position | null {
  const coords = (geom as { coordinates?: unknown } | null)?.coordinates
  const flat: number[][] = []
  const walk = (x: unknown): void => {
    if (!Array.isArray(x)) return
    if (typeof x[0] === 'number' && typeof x[1] === 'number') flat.push(x as number[])
    else for (const y of x) walk(y)
  }
  walk(coords)
  if (!flat.length) return null
  const xs = flat.map((p) => p[0] as number)
  const ys = flat.map((p) => p[1] as number)
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]
}

function circleRing([lon, lat]: Position, radiusMiles: number): Position[] {
  const dLat = (radiusMiles / EARTH_MILES) * (180 / Math.PI)
  const dLon = dLat / Math.cos(rad(lat as number))
  const ring: Position[] = []
  for (let i = 0; i < 64; i++) {
    const t = (i / 64) * 2 * Math.PI
    ring.push([(lon as number) + dLon * Math.cos(t), (lat as number) + dLat * Math.sin(t)])
  }
  ring.push(ring[0] as Position)
  return ring
}

function miles(a: Position, b: Position): number {
  const [lon1, lat1, lon2, lat2] = [a[0], a[1], b[0], b[1]].map((v) => rad(v as number)) as [
    number,
    number,
    number,
    number,
  ]
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2
  return 2 * EARTH_MILES * Math.asin(Math.sqrt(h))
}

/** ISO `2024-03-07` or US `3/7/2024` (the spec says only "a string"); anything else is unreadable. */
function saleDay(v: unknown): Date | null {
  if (typeof v !== 'string') return null
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v.trim())
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v.trim())
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : []
  if (!y) return null
  const t = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  return Number.isNaN(t.getTime()) ? null : t
}

function medianOf(values: number[]): number | null {
  if (!values.length) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2)
}
