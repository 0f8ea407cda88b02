/**
 * Comparable sales for a parcel, exactly as the app's comps panel finds and ranks them: the same
 * subject, defaults, request (the sale-date window sent as a list of days, in the subject's date
 * style), plan of calls and analysis (`contract/comps/`: weighted similarity on distance, size,
 * land use, crop, soil and recency; open-market sales only; outliers and grade D left out; the
 * time trend; the weighted median of the k closest), so the list, its order, the indicated value
 * and its n and years equal what the link opens in the app for the same day.
 *
 * The one difference is the circle: the app buffers the subject's point with its Buffer tool
 * (turf, 16 steps a quarter), done here with the same call and rounding, so the area search is the
 * same request.
 */
import buffer from '@turf/buffer'
import type { Polygon } from 'geojson'
import { z } from 'zod'
import { analyzeComps, type Comp, type CompsResult } from '../../contract/comps/comps-analysis'
import type { CompsChoices } from '../../contract/comps/comps-choices'
import { callsFor, chunkIds, PAGE, pageBody } from '../../contract/comps/comps-plan'
import { compsRequest } from '../../contract/comps/comps-request'
import { settingsFor, settingsProblem } from '../../contract/comps/comps-settings'
import { parcelSubject } from '../../contract/comps/comps-subject'
import { type CompsValue, DEFAULT_K } from '../../contract/comps/comps-value'
import type { AreaResponse, FilterItem, ParcelRecord, QueryResponse } from '../../contract/schemas'
import { platLink } from './answer-links'
import type { PlatCalls } from './plat-calls'
import { plural, recordView, type ToolAnswer } from './tool-answer'

export const compsInput = {
  svc_uuid: z.string().min(1).max(64).describe('The subject parcel.'),
  radius_miles: z.number().gt(0).max(30).optional().describe('Default: 10 for farmland (or 20+ acres), else 1.'),
  years: z.int().min(1).max(20).optional().describe('Sold within this many years. Default: 5 for farmland, else 3.'),
  acres_band: z
    .number()
    .min(0.01)
    .max(0.95)
    .optional()
    .describe('Acres within ± this share of the subject’s. Default 0.5 for farmland, else 0.4.'),
  as_of: z.iso
    .date()
    .optional()
    .describe('Valuation date (YYYY-MM-DD): the sale window ends there. Default: the latest sale found.'),
  limit: z.int().min(1).max(100).default(10).describe('Comparable sales listed, best ranked first.'),
}
const compsSchema = z.object(compsInput)

/** More calls than the app makes without asking (comps-panel.tsx's CONFIRM_CALLS) are refused. */
const MAX_CALLS = 25

export function comparableSales(input: z.output<typeof compsSchema>, appUrl: string, today = new Date()) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const id = input.svc_uuid
    const subjectFilter: FilterItem[] = [{ field: 'svc_uuid', op: 'eq', value: id }]
    const found = await calls.call<QueryResponse>({
      method: 'POST',
      path: '/parcels/query',
      body: { filters: subjectFilter, limit: 1 },
    })
    const record = found.results[0]
    if (!record) throw new Error(`No parcel with svc_uuid ${id} on this server.`)
    const subject = parcelSubject(record)
    if (!subject) throw new Error('The subject parcel has no location to measure distances from.')
    const defaults = settingsFor(subject, null)
    const asked = input.radius_miles !== undefined || input.years !== undefined || input.acres_band !== undefined
    const choices: CompsChoices | null = asked
      ? {
          radiusMiles: input.radius_miles ?? defaults.radiusMiles,
          years: input.years ?? defaults.years,
          acresBand: input.acres_band ?? defaults.acresBand,
          priceBand: defaults.priceBand,
          // k left out, as the link's reader leaves the default out: the same choices the app reopens.
          weights: defaults.weights,
        }
      : null
    const settings = settingsFor(subject, choices)
    const problem = settingsProblem(settings, subject)
    if (problem) throw new Error(problem)
    const asOf = input.as_of ?? null
    // The app's window ends on the valuation date, else today (its local day; here the server's UTC day).
    const windowEnd = asOf ?? today.toISOString().slice(0, 10)
    const request = compsRequest(subject, settings, windowEnd)
    const sales = await findSales(calls, circleAround(request.center, request.meters), request.filters, request.loose)
    const result = analyzeComps(subject, sales.records, settings, windowEnd, {}, asOf)
    const v = result.indicated
    const listed = result.comps.slice(0, input.limit)
    const value = v
      ? `indicated value $${usd(v.value)} ($${usd(v.perAcre)}/ac): the weighted median of the ${plural(v.n, 'closest comp')}${v.n < v.k ? ` (of ${v.k} asked)` : ''}, sold ${yearsOf(v)}`
      : 'no comps are included, so no indicated value'
    return {
      summary: `${plural(result.comps.length, 'sale')} within ${settings.radiusMiles} mi from ${result.windowStart} to ${result.windowEnd}, ranked by similarity; ${value}, valued as of ${result.valuation.date}.${projected(result) ? ` ${projected(result)}` : ''}`,
      basis:
        'Found and ranked by Plat’s comps method (contract/comps/, the same code as the app’s comps panel): weighted similarity on distance, size, land use, crop, soil and recency; only open-market sales count (nominal prices and family, gift or quit-claim deeds leave first); outliers (Tukey’s fences) and grade D matches are left out; prices are brought to the valuation date by the Theil–Sen trend. An estimate from public sales, not an appraisal. The link opens the same comps, settings and date in the app.',
      count: result.comps.length,
      link: platLink(appUrl, { filters: subjectFilter, selected: id, comps: { id, choices, asOf } }),
      data: {
        subject: recordView(record, false),
        settings: {
          radius_miles: settings.radiusMiles,
          years: settings.years,
          acres_band: settings.acresBand,
          weights: settings.weights,
          k: settings.k ?? DEFAULT_K,
          land_uses: settings.landUses,
          window: { start: result.windowStart, end: result.windowEnd },
          defaults: choices === null,
        },
        valuation: {
          date: result.valuation.date,
          from_data: result.valuation.fromData,
          last_sale: result.valuation.lastSale,
          extrapolated_years: result.valuation.extrapolatedYears,
          note: projected(result),
        },
        indicated: v && {
          ...valueView(v),
          k: v.k,
          comps: v.weights.map((w) => w.id),
          market: valueView(v.market),
        },
        statistics: {
          n: v?.n ?? 0,
          years: v ? yearsOf(v) : null,
          trend: result.trend.note,
          soil: result.soil.note,
          sales_found: sales.records.length,
          in_window_and_radius: result.comps.length,
          included: result.comps.filter((c) => c.included).length,
          outside_radius: result.outsideRadius,
          outside_window: result.outsideWindow,
          unusable: result.unusable,
          parcels_in_circle: sales.idsInCircle,
          loosened: sales.loosened,
        },
        comps: listed.map(compView),
      },
    }
  }
}

const usd = (n: number) => Math.round(n).toLocaleString('en-US')
const yearsOf = (v: CompsValue) => (v.firstYear === v.lastYear ? `in ${v.firstYear}` : `${v.firstYear}–${v.lastYear}`)

/** The app's words when the time adjustment runs past the data (comps-panel.tsx's ValuationDate). */
function projected(r: CompsResult): string | null {
  const v = r.valuation
  if (!(v.extrapolatedYears > 0)) return null
  return `Projected: the time adjustment runs ${v.extrapolatedYears.toFixed(1)} years beyond the last sale (${v.lastSale}); no sale shows prices after it.`
}

function valueView(v: CompsValue) {
  return {
    value: v.value,
    per_acre: v.perAcre,
    low: v.low,
    high: v.high,
    per_acre_low: v.perAcreLow,
    per_acre_high: v.perAcreHigh,
    n: v.n,
    first_year: v.firstYear,
    last_year: v.lastYear,
  }
}

function compView(c: Comp) {
  return {
    ...recordView(c.record, false),
    rank: c.rank,
    score: c.score,
    grade: c.grade,
    included: c.included,
    excluded_because: c.excludedBecause,
    reasons: c.reasons,
    sale_date_iso: c.saleDate,
    miles: Math.round(c.miles * 100) / 100,
    price_per_acre: Math.round(c.perAcre),
    adjusted_price_per_acre: c.adjusted === null ? null : Math.round(c.adjusted),
  }
}

/** The app's radius circle (src/features/import/buffer-area.ts for a point), rounded as its request is. */
function circleAround(center: readonly [number, number], meters: number): Polygon[] {
  const g = buffer({ type: 'Point', coordinates: [center[0], center[1]] }, meters, {
    units: 'meters',
    steps: 16,
  })?.geometry
  const round6 = (n: number) => Math.round(n * 1e6) / 1e6
  const polygons = g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : []
  return polygons.map((rings) => ({
    type: 'Polygon',
    coordinates: rings.map((r) => r.map(([x, y]) => [round6(x as number), round6(y as number)])),
  }))
}

interface Found {
  records: ParcelRecord[]
  idsInCircle: number
  loosened: boolean
}

/**
 * The app's plan (contract/comps/comps-plan.ts, run by src/features/value/comps-search.ts): one
 * area search, then each id chunk's pages in order; when the date list (in an assumed style) finds
 * nothing, once more without it. Refuses, before reading, what the app would ask to confirm.
 */
async function findSales(
  calls: PlatCalls,
  circle: Polygon[],
  filters: FilterItem[],
  loose: FilterItem[] | null,
): Promise<Found> {
  const area = await calls.call<AreaResponse>({
    method: 'POST',
    path: '/parcels/area',
    body: {
      type: 'FeatureCollection',
      features: circle.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
    },
  })
  const chunks = chunkIds([...area.svc_uuids].sort())
  const read = async (f: FilterItem[]) => {
    const firsts: QueryResponse[] = []
    for (const ids of chunks)
      firsts.push(
        await calls.call<QueryResponse>({ method: 'POST', path: '/parcels/query', body: pageBody(f, ids, 0) }),
      )
    const matches = firsts.map((r) => r.count)
    const planned = callsFor(matches)
    if (planned > MAX_CALLS)
      throw new Error(
        `These comps need ${planned} calls to read ${matches.reduce((a, b) => a + b, 0).toLocaleString('en-US')} sold parcels (the app asks before more than ${MAX_CALLS}); a smaller radius, fewer years or a narrower acres band costs less.`,
      )
    const records: ParcelRecord[] = []
    for (const [c, ids] of chunks.entries()) {
      records.push(...(firsts[c] as QueryResponse).results)
      for (let offset = PAGE; offset < (matches[c] as number); offset += PAGE)
        records.push(
          ...(
            await calls.call<QueryResponse>({ method: 'POST', path: '/parcels/query', body: pageBody(f, ids, offset) })
          ).results,
        )
    }
    return { records, matches }
  }
  const strict = await read(filters)
  if (!loose || strict.matches.some((m) => m > 0))
    return { records: strict.records, idsInCircle: area.svc_uuids.length, loosened: false }
  return { records: (await read(loose)).records, idsInCircle: area.svc_uuids.length, loosened: true }
}
