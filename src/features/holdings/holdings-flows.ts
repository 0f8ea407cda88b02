/**
 * Holdings and lists in the workspace (issue 21): the owner's portfolio and its merged holdings, the
 * custom assemblage, and list lookups — their state for the panels, their parcels for the results
 * table and the map, and map clicks while picking parcels for the assemblage. Plain TypeScript.
 * `holdings` (merged outlines with their summaries) is what reports and comparable sales read:
 * plain serialisable objects (`HoldingSummary`), and `subjectOf(id)` gives a holding as a comps subject.
 */
import type { Geometry, Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import type { ApiError } from '../../api/api-error'
import type { PointSourceLike, QuerySourceLike } from '../../calls/runner'
import type { HoldingsLayerPort, HoldingsOverlay } from '../../ports/workspace-ports'
import type { AppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { AssemblageFlow } from './assemblage-flow'
import { dissolveOffThread } from './dissolve-client'
import { footprints, type HoldingSubject, type HoldingSummary, holdingSubject, holdingsOf } from './holding-summary'
import type { MergeState } from './holdings-views'
import { ListFlow } from './list-flow'
import { OwnerFlow } from './owner-flow'
import type { OwnerGroup } from './portfolio'

export interface HoldingSources {
  query: QuerySourceLike
  point: PointSourceLike
}

/** An owner's portfolio as the holding report takes it: the names chosen, the holdings, the parcels. */
export interface HoldingsPortfolio {
  owner: string
  /** The spellings included (the name itself first), and those offered and left out. */
  included: OwnerGroup[]
  leftOut: OwnerGroup[]
  holdings: HoldingSummary[]
  /** Every included parcel, with or without an outline. */
  records: ParcelRecord[]
}

/** Which parcels the results table shows instead of the search's (null: the search's). */
export interface TableView {
  source: 'owner' | 'list' | 'assemblage'
  title: string
  records: ParcelRecord[]
}

export interface HoldingsFlowsDeps {
  store: AppStore
  sources: HoldingSources | null
  counties(): readonly CoverageCounty[]
  confirmThreshold(): number
  reportError(e: ApiError): void
  frame(geometry: Geometry): void
  /** A record the rest of the app holds (search rows, lookups). */
  known(id: string): ParcelRecord | undefined
  /** Shapes join the search areas, named after `label`; how many joined (without it: none). */
  addAreas?(polygons: readonly Polygon[], source: string, label?: string): number
}

export class HoldingsFlows {
  readonly owner: OwnerFlow
  readonly list: ListFlow
  readonly assemblage: AssemblageFlow
  readonly merged = new ValueStore<MergeState>({ status: 'idle' })
  readonly table = new ValueStore<TableView | null>(null)
  private layer: HoldingsLayerPort | null = null
  private mergeRun = 0
  private mergeAbort: AbortController | null = null

  constructor(private readonly d: HoldingsFlowsDeps) {
    this.owner = new OwnerFlow({
      query: () => d.sources?.query ?? null,
      counties: () => d.counties(),
      confirmThreshold: () => d.confirmThreshold(),
      reportError: (e) => d.reportError(e),
      onParcels: (records, title) => void this.mergeHoldings(records, title),
    })
    this.list = new ListFlow({
      sources: () => d.sources,
      counties: () => d.counties(),
      reportError: (e) => d.reportError(e),
      onParcels: (records, title) => {
        this.show(records.length ? { source: 'list', title: `List: ${title}`, records } : null, 'list')
        this.frameRecords(records)
      },
    })
    this.assemblage = new AssemblageFlow({
      store: d.store,
      query: () => d.sources?.query ?? null,
      known: (id) => d.known(id) ?? this.holdingsRecord(id),
      reportError: (e) => d.reportError(e),
      changed: () => this.push(),
    })
  }

  /** The holdings layer of a mounted map (null when the map goes). */
  attach(layer: HoldingsLayerPort | null): void {
    this.layer = layer
    this.push()
  }

  /** A map click while picking: the parcel joins or leaves the assemblage. False: not picking. */
  click(id: string | null): boolean {
    const s = this.d.store.getState()
    if (!s.picking) return false
    if (id === null) return true
    if (!s.toggleAssemblageParcel(id))
      s.setDrawNotice({ level: 'warning', message: 'An assemblage holds at most 500 parcels.' })
    return true
  }

  /** A record of a portfolio, list or assemblage (the details card opens it without a call). */
  recordById(id: string): ParcelRecord | undefined {
    return this.holdingsRecord(id) ?? this.assemblage.recordById(id)
  }

  /**
   * "Owner's holdings" on a parcel card: the portfolio panel opens with the owner's name and mailing
   * address, its cost shown, nothing spent until the user says go.
   */
  ownerHoldings(record: ParcelRecord): void {
    const owner = typeof record.owner === 'string' ? record.owner : ''
    const mail = typeof record.mail_addr === 'string' ? [record.mail_addr] : []
    const s = this.d.store.getState()
    s.openHoldings('owner')
    s.setSearchSheetOpen(true)
    this.owner.ask(owner, mail)
  }

  /** The assemblage's outline as search areas (named after it). */
  searchAssemblage(): number {
    const a = this.assemblage.state.get()
    if (a.status !== 'ready' || !a.summary || !this.d.addAreas) return 0
    const g = a.summary.geometry
    const polygons: Polygon[] =
      g.type === 'Polygon' ? [g] : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
    this.d.store.getState().setMode('area')
    return this.d.addAreas(polygons, 'the assemblage', a.ref.name)
  }

  /** The holdings (merged outlines) of the current portfolio. */
  holdings(): HoldingSummary[] {
    const m = this.merged.get()
    return m.status === 'ready' ? m.holdings : []
  }

  /** The portfolio on show, for its report (null until its holdings are merged). */
  portfolio(): HoldingsPortfolio | null {
    const o = this.owner.state.get()
    const m = this.merged.get()
    if (o.status !== 'done' || m.status !== 'ready') return null
    const on = new Set(o.included)
    return {
      owner: o.question.name,
      included: o.result.groups.filter((g) => on.has(g.key)),
      // "Other names containing the word" are not offered as the owner's: not counted as left out.
      leftOut: o.result.groups.filter((g) => !on.has(g.key) && (g.kind === 'variant' || g.kind === 'address')),
      holdings: m.holdings,
      records: this.owner.records(),
    }
  }

  /** A holding as the comparable-sales subject (geometry, acres, dominant land use). */
  subjectOf(id: string): HoldingSubject | null {
    const h = this.holdings().find((x) => x.id === id) ?? null
    return h ? holdingSubject(h) : null
  }

  /** Puts these parcels in the results table (null: back to the search's results). */
  show(view: TableView | null, source?: TableView['source']): void {
    const now = this.table.get()
    if (view === null && source && now && now.source !== source) return
    this.table.set(view)
    this.push()
  }

  /** Frames one holding, or all of them. */
  frameHoldings(id?: string): void {
    const hs = this.holdings().filter((h) => !id || h.id === id)
    if (hs.length) this.d.frame({ type: 'GeometryCollection', geometries: hs.map((h) => h.geometry) })
  }

  frameAssemblage(): void {
    const s = this.assemblage.state.get()
    if (s.status === 'ready' && s.summary) this.d.frame(s.summary.geometry)
  }

  private holdingsRecord(id: string): ParcelRecord | undefined {
    const o = this.owner.state.get()
    if (o.status === 'done') {
      const r = o.result.records.get(id)
      if (r) return r
    }
    const l = this.list.state.get()
    return l.status === 'done' ? l.result.records.find((r) => r.svc_uuid === id) : undefined
  }

  private async mergeHoldings(records: ParcelRecord[], title: string): Promise<void> {
    const run = ++this.mergeRun
    this.mergeAbort?.abort()
    const abort = new AbortController()
    this.mergeAbort = abort
    if (records.length === 0) {
      this.merged.set({ status: 'idle' })
      this.show(null, 'owner')
      return
    }
    this.merged.set({ status: 'merging', parcels: records.length })
    this.show({ source: 'owner', title: `Holdings of ${title}`, records })
    try {
      const parts = footprints(records)
      const groups = await dissolveOffThread(parts, abort.signal)
      if (run !== this.mergeRun) return
      const holdings = holdingsOf(records, groups)
      this.merged.set({ status: 'ready', holdings, withoutOutline: records.length - parts.length, title })
      this.push()
      this.frameHoldings()
    } catch (e) {
      if (run !== this.mergeRun) return
      this.merged.set({
        status: 'failed',
        message: e instanceof Error ? e.message : 'The outlines could not be merged.',
      })
    }
  }

  private frameRecords(records: readonly ParcelRecord[]): void {
    const geometries = records
      .map((r) => r.geom as Geometry | undefined)
      .filter((g): g is Geometry => !!g && typeof g === 'object')
    if (geometries.length) this.d.frame({ type: 'GeometryCollection', geometries: geometries.slice(0, 5000) })
  }

  private push(): void {
    if (!this.layer) return
    const view = this.table.get()
    const holdings = view?.source === 'owner' ? this.holdings() : []
    const parcels =
      view && view.source !== 'assemblage'
        ? view.records.flatMap((r) => (r.geom ? [{ id: r.svc_uuid, geometry: r.geom as Geometry }] : []))
        : []
    const a = this.assemblage.state.get()
    const overlay: HoldingsOverlay = {
      holdings: holdings.map((h) => ({ id: h.id, label: h.label, geometry: h.geometry })),
      parcels,
      assemblage:
        a.status === 'ready'
          ? {
              outline: a.summary?.geometry ?? null,
              parcels: a.records.flatMap((r) => (r.geom ? [{ id: r.svc_uuid, geometry: r.geom as Geometry }] : [])),
            }
          : null,
    }
    this.layer.setOverlay(overlay)
  }
}
