/**
 * The holdings' report section: an owner's holdings — the names chosen, the merged outlines on
 * maps, totals and every parcel — with the link that reruns the portfolio's parcels as a search.
 */

import { footprintKey, measuredAcres } from '../../format/acreage'
import { DEFAULT_COLUMNS } from '../../state/ui-slice'
import { HOLDING_MAP_ID, holdingMaps, holdingReport } from '../reports/holding-report'
import type { ReportMapSpec } from '../reports/report-desk'
import { boundsOf, dataSource, pointOn, printed, type ReportKit } from '../reports/report-kit'
import { encodeShareState } from '../share/url-codec'
import type { HoldingsPortfolio } from './holdings-flows'

/** The link that reruns the portfolio's parcels as a search: its owners' spellings in its states. */
function portfolioLink(kit: ReportKit, p: HoldingsPortfolio): string {
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
  return `${kit.appUrl()}?${query}`
}

/** An owner's holdings: the names chosen, the merged outlines on maps, totals and every parcel. */
export function reportHolding(kit: ReportKit, p: HoldingsPortfolio): void {
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
      acreTotals: h.acreTotals,
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
      acres: measuredAcres(r),
      value: num(r.parcel_value),
      landUse: text(r.land_use),
      footprint: footprintKey(r),
    })),
    link: portfolioLink(kit, p),
    printed: printed(kit.now()),
    server: kit.server(),
    county: dataSource(p.records, kit.counties()),
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
      basemap: kit.basemap(),
    })
  }
  kit.desk.open(doc, specs)
}
