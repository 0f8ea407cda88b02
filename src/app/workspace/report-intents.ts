/**
 * "Print report" for a parcel, the search on screen, a comps result and an owner's holdings: each gathers the plain
 * summary its report needs from the rooms that own it (the parcel card's derivations, the results'
 * totals, the value module's analysis, the link codec, /coverage for the data's load date), builds
 * the document (src/features/reports) and the spec of its map, and opens it on the desk.
 * The holding report takes the owner's portfolio as the holdings flows hold it (`portfolio()`).
 */
import bbox from '@turf/bbox'
import pointOnFeature from '@turf/point-on-feature'
import type { Geometry } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { footprintKey } from '../../features/holdings/holding-summary'
import type { HoldingsPortfolio } from '../../features/holdings/holdings-flows'
import { propertyCard } from '../../features/parcel/property-card'
import { COMPS_MAP_ID, compsReport } from '../../features/reports/comps-report'
import { HOLDING_MAP_ID, holdingMaps, holdingReport } from '../../features/reports/holding-report'
import { PARCEL_MAP_ID, parcelReport } from '../../features/reports/parcel-report'
import { ReportDesk, type ReportDeskDeps, type ReportMapSpec } from '../../features/reports/report-desk'
import { reportSettingsStore } from '../../features/reports/report-settings'
import { SEARCH_MAP_ID, searchReport } from '../../features/reports/search-report'
import { summarize } from '../../features/results/summarize'
import type { SearchResult } from '../../features/search/search-types'
import { encodeShareState } from '../../features/share/url-codec'
import type { CompsResult } from '../../features/value/comps-analysis'
import { backtestCompsMemo } from '../../features/value/comps-backtest'
import { settingsFor } from '../../features/value/comps-settings'
import type { CompsSubject } from '../../features/value/comps-subject'
import { compsOverlay } from '../../features/value/comps-wiring'
import { columnLabel, loadedRecords } from '../../format/record-columns'
import { describeSearch } from '../../format/search-summary'
import type { FeatureContext } from '../../ports/feature-context'
import type { Bounds } from '../../ports/workspace-ports'
import type { AppState } from '../../state/store'
import { DEFAULT_COLUMNS } from '../../state/ui-slice'
import { shareStateOf } from './url-sync'

export interface ReportContext {
  state(): AppState
  search(): SearchResult
  counties(): readonly CoverageCounty[]
  /** The basemap on screen. */
  basemap(): string
  /** The app's address without query ("https://plat.example/"), for links. */
  appUrl(): string
  /** "Plat API at host". */
  server(): string
  now(): Date
}

/** What reports read beyond the features' context: the search's totals and the page's own facts. */
export interface ReportSources extends Pick<ReportContext, 'search' | 'basemap'> {
  /** Draws a report's map at print resolution; without it report maps fail. */
  renderMap?: ReportDeskDeps['renderMap']
  /** The app's window (its address goes on reports); null in Node tests. */
  win: Window | null
  /** Absolute URL of a path on the API's server (its host goes on reports). */
  apiUrl(path: string): string
}

export function createReportIntents(ctx: FeatureContext, x: ReportSources): ReportIntents {
  const desk = new ReportDesk({
    renderMap: x.renderMap ?? (() => Promise.reject(new Error('Maps cannot be drawn here.'))),
    paper: {
      get: () => reportSettingsStore.getState().paper,
      set: (paper) => reportSettingsStore.getState().set({ paper }),
    },
  })
  return new ReportIntents(desk, {
    state: () => ctx.store.getState(),
    search: x.search,
    counties: ctx.counties,
    basemap: x.basemap,
    appUrl: () => (x.win ? `${x.win.location.origin}${x.win.location.pathname}` : ''),
    server: () => `Plat API at ${new URL(x.apiUrl('/'), 'http://localhost/').host}`,
    now: () => new Date(),
  })
}

const geometryOf = (r: ParcelRecord): Geometry | null =>
  r.geom && typeof r.geom === 'object' ? (r.geom as Geometry) : null

function boundsOf(g: Geometry | null): Bounds | null {
  if (!g) return null
  const b = bbox(g) as number[]
  return b.length >= 4 && b.every(Number.isFinite) ? ([b[0], b[1], b[2], b[3]] as Bounds) : null
}

const day = (iso: string) => iso.slice(0, 10)

/** A point on the outline (inside it, even for an L-shaped holding): where its dot and label go. */
function pointOn(g: Geometry): [number, number] {
  const [x = 0, y = 0] = pointOnFeature(g).geometry.coordinates
  return [x, y]
}

/** The county (or counties) the records come from, with when its data was loaded. */
function dataSource(
  records: readonly ParcelRecord[],
  counties: readonly CoverageCounty[],
): { name: string; loadedAt: string } | null {
  const found = new Map<string, CoverageCounty>()
  for (const r of records) {
    const c = counties.find(
      (k) =>
        (r.state_fp === k.state_fp && String(r.county_fp ?? '').padStart(3, '0') === k.county_fp) ||
        (r.state === k.state && typeof r.county === 'string' && r.county.toLowerCase() === k.county.toLowerCase()),
    )
    if (c) found.set(`${c.state_fp}${c.county_fp}`, c)
  }
  const list = [...found.values()]
  if (list.length === 0) return null
  const dates = list.map((c) => day(c.loaded_at)).sort()
  // Every county counted (a portfolio spans many); the first four named.
  const names = list.slice(0, 4).map((c) => `${c.county}, ${c.state}`)
  const name =
    list.length === 1
      ? `${list[0]?.county} County, ${list[0]?.state}`
      : `${list.length} counties (${names.join('; ')}${list.length > 4 ? '; …' : ''})`
  const loadedAt = dates[0] === dates.at(-1) ? (dates[0] as string) : `${dates[0]} to ${dates.at(-1)}`
  return { name, loadedAt }
}

function printed(now: Date): string {
  const f = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  return `Printed ${f.format(now)}`
}

export class ReportIntents {
  constructor(
    readonly desk: ReportDesk,
    private readonly ctx: ReportContext,
  ) {}

  /** The link that opens this parcel's card, centred on it. */
  parcelLink(record: ParcelRecord): string {
    const b = boundsOf(geometryOf(record))
    const lon = Number(record.lon)
    const lat = Number(record.lat)
    const center: [number, number] = b
      ? [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2]
      : Number.isFinite(lon) && Number.isFinite(lat)
        ? [lon, lat]
        : [0, 0]
    const query = encodeShareState({
      mode: 'area',
      areas: [],
      filters: [],
      order: null,
      includeBuildings: false,
      searched: false,
      selectedId: record.svc_uuid,
      view: { center: [Math.round(center[0] * 1e5) / 1e5, Math.round(center[1] * 1e5) / 1e5], zoom: 17 },
      visibleColumns: DEFAULT_COLUMNS,
      theme: 'plain',
    })
    return `${this.ctx.appUrl()}?${query}`
  }

  parcel(record: ParcelRecord): void {
    const card = propertyCard(record)
    const fact = (name: string) => card.facts.find((f) => f.name === name)?.value ?? '–'
    const doc = parcelReport({
      record,
      valuePerAcre: fact('value_per_acre'),
      crop: fact('crop'),
      lastSale: fact('last_sale'),
      sales: card.sales,
      link: this.parcelLink(record),
      county: dataSource([record], this.ctx.counties()),
      printed: printed(this.ctx.now()),
      server: this.ctx.server(),
    })
    const subject = geometryOf(record)
    const frame = boundsOf(subject)
    this.desk.open(
      doc,
      frame
        ? [
            {
              id: PARCEL_MAP_ID,
              content: { subject, neighbours: true },
              frame,
              padding: 0.22,
              maxZoom: 18,
              theme: 'plain',
              basemap: this.ctx.basemap(),
            },
          ]
        : [],
    )
  }

  /** The search whose results are on screen (as Copy link's "results" link: it reruns that search). */
  search(): void {
    const s = this.ctx.state()
    const run = s.submitted
    const result = this.ctx.search()
    const records = loadedRecords(result.rows)
    const setup = run ?? { mode: s.mode, areas: s.areas, filters: s.filters }
    const totals = summarize(result.rows, {
      rowCount: result.rowCount,
      recordsExpected: result.progress.recordsExpected,
    })
    const query = encodeShareState({ ...shareStateOf(s), ...(run ?? {}), searched: !!run })
    const order = s.order
      ? `${columnLabel(s.order.field)}, ${s.order.direction === 'asc' ? 'ascending' : 'descending'}`
      : null
    const doc = searchReport({
      setup,
      summary: describeSearch(setup),
      records,
      expected: totals.expected,
      columns: s.visibleColumns,
      theme: s.theme,
      totals,
      order,
      link: `${this.ctx.appUrl()}?${query}`,
      printed: printed(this.ctx.now()),
      server: this.ctx.server(),
      county: dataSource(records, this.ctx.counties()),
    })
    const areas = setup.mode === 'area' ? setup.areas.map((a) => a.geometry as Geometry) : []
    const framed: Geometry | null = areas.length
      ? { type: 'GeometryCollection', geometries: areas }
      : records.length
        ? { type: 'GeometryCollection', geometries: records.flatMap((r) => geometryOf(r) ?? []) }
        : null
    const frame = boundsOf(framed)
    this.desk.open(
      doc,
      frame
        ? [
            {
              id: SEARCH_MAP_ID,
              content: { areas, results: records },
              frame,
              padding: 0.04,
              maxZoom: 17,
              theme: s.theme,
              basemap: this.ctx.basemap(),
            },
          ]
        : [],
    )
  }

  /** A parcel's comps (a site has no card to report on); radius and acres band from the open choices. */
  comps(of: CompsSubject, result: CompsResult): void {
    const subject = of.record
    if (!subject) return
    const overlay = compsOverlay(result, of)
    const choices = settingsFor(of, this.ctx.state().comps?.choices ?? null)
    const doc = compsReport({
      subject,
      comps: result.comps.map((c) => ({
        rank: c.rank,
        parcelId: c.parcelId,
        saleDate: c.saleDate,
        salePrice: c.salePrice,
        acres: c.acres,
        perAcre: c.perAcre,
        adjusted: c.adjusted,
        miles: c.miles,
        csr2: c.csr2,
        grade: c.grade,
        included: c.included,
        excludedBecause: c.excludedBecause,
      })),
      indicated: result.indicated,
      backtest: backtestCompsMemo(result, choices).note,
      basis: {
        radiusMiles: choices.radiusMiles,
        acresBand: choices.acresBand,
        windowStart: result.windowStart,
        windowEnd: result.windowEnd,
        trend: result.trend.note,
        soil: result.soil.note,
        outsideRadius: result.outsideRadius,
        outsideWindow: result.outsideWindow,
      },
      link: this.parcelLink(subject),
      printed: printed(this.ctx.now()),
      server: this.ctx.server(),
      county: dataSource([subject], this.ctx.counties()),
    })
    const subjectGeometry = geometryOf(subject)
    const points = overlay?.comps.map((c) => [c.point[0], c.point[1]]) ?? []
    const frame = boundsOf({
      type: 'GeometryCollection',
      geometries: [...(subjectGeometry ? [subjectGeometry] : []), { type: 'MultiPoint', coordinates: points }],
    })
    this.desk.open(
      doc,
      frame
        ? [
            {
              id: COMPS_MAP_ID,
              content: { subject: subjectGeometry, comps: overlay?.comps ?? [], neighbours: false },
              frame,
              padding: 0.06,
              maxZoom: 16,
              theme: 'plain',
              basemap: this.ctx.basemap(),
            },
          ]
        : [],
    )
  }

  /** The link that reruns the portfolio's parcels as a search: its owners' spellings in its states. */
  portfolioLink(p: HoldingsPortfolio): string {
    const owners = [...new Set(p.records.flatMap((r) => (typeof r.owner === 'string' && r.owner ? [r.owner] : [])))]
    const states = [...new Set(p.records.flatMap((r) => (typeof r.state === 'string' && r.state ? [r.state] : [])))]
    const b = boundsOf({ type: 'GeometryCollection', geometries: p.holdings.map((h) => h.geometry) })
    const span = b ? Math.max(b[2] - b[0], (b[3] - b[1]) * 1.3, 1e-4) : 360
    const center: [number, number] = b ? [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] : [-96, 39]
    const query = encodeShareState({
      mode: 'direct',
      areas: [],
      filters: [
        { field: 'owner', op: 'in', value: owners.sort() },
        { field: 'state', op: 'in', value: states.sort() },
      ],
      order: null,
      includeBuildings: false,
      searched: owners.length > 0,
      selectedId: null,
      view: {
        center: [Math.round(center[0] * 1e5) / 1e5, Math.round(center[1] * 1e5) / 1e5],
        zoom: Math.round(Math.min(16, Math.max(3, Math.log2(360 / span))) * 100) / 100,
      },
      visibleColumns: DEFAULT_COLUMNS,
      theme: 'plain',
    })
    return `${this.ctx.appUrl()}?${query}`
  }

  /** An owner's holdings: the names chosen, the merged outlines on maps, totals and every parcel. */
  holding(p: HoldingsPortfolio): void {
    const label = new Map<string, string>()
    for (const h of p.holdings) for (const id of h.parcelIds) label.set(id, h.id)
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null)
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
    const name = (g: HoldingsPortfolio['included'][number]) => ({
      name: g.name,
      kind: g.kind,
      reasons: g.reasons,
      parcels: g.ids.length,
    })
    const doc = holdingReport({
      owner: p.owner,
      names: p.included.map(name),
      leftOut: p.leftOut.map(name),
      holdings: p.holdings.map((h) => ({
        id: h.id,
        parcelCount: h.parcelCount,
        acres: h.acres,
        outlineAcres: h.outlineAcres,
        counties: h.counties,
        assessedValue: h.assessedValue,
        valuedParcels: h.valuedParcels,
        landUse: h.landUse,
        crop: h.cropMix[0] ? `${h.cropMix[0].category} ${Math.round(h.cropMix[0].share * 100)} %` : null,
      })),
      parcels: p.records.map((r) => ({
        holding: label.get(r.svc_uuid) ?? null,
        parcelId: text(r.parcel_id),
        owner: text(r.owner) ?? '',
        county: text(r.county) ?? '?',
        state: text(r.state) ?? '?',
        acres: num(r.acres_calc) ?? num(r.acres),
        value: num(r.parcel_value),
        landUse: text(r.land_use),
        footprint: footprintKey(r),
      })),
      link: this.portfolioLink(p),
      printed: printed(this.ctx.now()),
      server: this.ctx.server(),
      county: dataSource(p.records, this.ctx.counties()),
    })
    const byId = new Map(p.holdings.map((h) => [h.id, h]))
    const specs: ReportMapSpec[] = []
    for (const m of holdingMaps(p.holdings)) {
      const shown = m.holdings.flatMap((id) => byId.get(id) ?? [])
      const frame = boundsOf({ type: 'GeometryCollection', geometries: shown.map((h) => h.geometry) })
      if (!frame) continue
      specs.push({
        id: m.id,
        content: {
          holdings: shown.map((h) => ({ label: h.id, geometry: h.geometry, point: pointOn(h.geometry) })),
          neighbours: true,
        },
        frame,
        // The overview's dots and labels stay clear of its edge.
        padding: m.id === HOLDING_MAP_ID ? 0.12 : 0.08,
        maxZoom: 16,
        theme: 'plain',
        basemap: this.ctx.basemap(),
      })
    }
    this.desk.open(doc, specs)
  }
}
