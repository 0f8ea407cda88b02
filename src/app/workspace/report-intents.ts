/**
 * "Print report": the one report kit (src/features/reports/report-kit.ts: the desk, the facts every
 * report prints) composed here, and which report section each feature gives — the parcel's card,
 * the search on screen, a parcel's comps, an owner's holdings. Each section lives in its feature's
 * folder (`*-report-section.ts`); what is composed here is only what crosses features: the link
 * codec's parcel and search links.
 */

import type { CompsResult } from '../../../contract/comps/comps-analysis'
import type { CompsSubject } from '../../../contract/comps/comps-subject'
import type { ParcelRecord } from '../../../contract/schemas'
import { reportHolding } from '../../features/holdings/holding-report-section'
import type { HoldingsPortfolio } from '../../features/holdings/holdings-flows'
import { reportParcel } from '../../features/parcel/parcel-report-section'
import { ReportDesk, type ReportDeskDeps } from '../../features/reports/report-desk'
import { boundsOf, geometryOf, type ReportKit } from '../../features/reports/report-kit'
import { reportSettingsStore } from '../../features/reports/report-settings'
import { type ReportedSearch, reportSearch } from '../../features/results/search-report-section'
import { encodeShareState } from '../../features/share/url-codec'
import { reportComps } from '../../features/value/comps-report-section'
import type { FeatureContext } from '../../ports/feature-context'
import { DEFAULT_COLUMNS } from '../../state/ui-slice'
import { shareStateOf } from './url-sync'

/** What reports read beyond the features' context: the search's totals and the page's own facts. */
export interface ReportSources {
  search(): ReportedSearch
  /** The basemap on screen. */
  basemap(): string
  /** Draws a report's map at print resolution; without it report maps fail. */
  renderMap?: ReportDeskDeps['renderMap']
  /** The app's window (its address goes on reports); null in Node tests. */
  win: Window | null
  /** Absolute URL of a path on the API's server (its host goes on reports). */
  apiUrl(path: string): string
}

/** The link that opens this parcel's card, centred on it. */
export function parcelLink(appUrl: string, record: ParcelRecord): string {
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
  return `${appUrl}?${query}`
}

export class ReportIntents {
  readonly desk: ReportDesk
  private readonly kit: ReportKit

  constructor(
    ctx: FeatureContext,
    private readonly x: ReportSources,
  ) {
    this.desk = new ReportDesk({
      renderMap: x.renderMap ?? (() => Promise.reject(new Error('Maps cannot be drawn here.'))),
      paper: {
        get: () => reportSettingsStore.getState().paper,
        set: (paper) => reportSettingsStore.getState().set({ paper }),
      },
    })
    const appUrl = () => (x.win ? `${x.win.location.origin}${x.win.location.pathname}` : '')
    this.kit = {
      desk: this.desk,
      state: () => ctx.store.getState(),
      counties: ctx.counties,
      basemap: x.basemap,
      appUrl,
      server: () => `Plat API at ${new URL(x.apiUrl('/'), 'http://localhost/').host}`,
      now: () => new Date(),
      parcelLink: (record) => parcelLink(appUrl(), record),
    }
  }

  parcel(record: ParcelRecord): void {
    reportParcel(this.kit, record)
  }

  /** The search whose results are on screen (as Copy link's "results" link: it reruns that search). */
  search(): void {
    const s = this.kit.state()
    const run = s.submitted
    const query = encodeShareState({ ...shareStateOf(s), ...(run ?? {}), order: s.order, searched: !!run })
    reportSearch(this.kit, this.x.search(), `${this.kit.appUrl()}?${query}`)
  }

  /** A parcel's comps (a site has no card to report on). */
  comps(of: CompsSubject, result: CompsResult): void {
    reportComps(this.kit, of, result)
  }

  /** An owner's holdings. */
  holding(p: HoldingsPortfolio): void {
    reportHolding(this.kit, p)
  }
}
