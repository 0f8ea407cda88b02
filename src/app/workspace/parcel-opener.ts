/**
 * Opening parcels, the workspace's way: a loaded result, a parcel found by identify or the address
 * box, or any parcel clicked on the tiles. A parcel that is not loaded is selected at once (its
 * outline highlights), fetched by svc_uuid — one cached query, so a second click costs nothing —
 * and opened when it arrives, unless the person has selected something else meanwhile. The details
 * panel reads `pick` to say "Loading…" or why it failed.
 */
import type { Geometry } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import { ApiError } from '../../api/api-error'
import { notInPackMessage } from '../../features/field/not-in-pack'
import { NotInPackError } from '../../features/field/offline-sources'
import type { LngLat, MapPort, Rows, TileFacts } from '../../ports/workspace-ports'
import type { AppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'

export interface LookupState {
  /** `map`: a parcel clicked on the tiles (the selection outline shows it; no lookup outline). */
  source: 'point' | 'address' | 'map'
  records: ParcelRecord[]
}

export type PickState = { id: string; status: 'loading' } | { id: string; status: 'failed'; message: string } | null

export interface OpenerDeps {
  store: AppStore
  /** GET /parcels/point through the response cache. */
  lookupPoint(at: LngLat): Promise<ParcelRecord[]>
  /** One parcel by svc_uuid through the response cache; null when it is gone. */
  fetchParcel(svcUuid: string): Promise<ParcelRecord | null>
  /** The loaded search rows. */
  rows(): Rows
  /** Frames the shape on the map; false when there is no map (yet) or nothing to frame. */
  frame(geometry: Geometry): boolean
  reportError(e: ApiError): void
  busy(identifying: boolean): void
  /** Records held elsewhere (a portfolio, a list, an assemblage), found after the search rows. */
  extra?(id: string): ParcelRecord | undefined
  /** Forgets the kept answers (memory and disk), as a link of older data does. */
  forgetAnswers?(): Promise<void>
  /**
   * A link's selected parcel when the link holds no view (an assistant's answer link, a hand-made
   * `?p=`): framed once fetched, instead of leaving the map on the first view's whole coverage.
   */
  frameOnFetch?: string | null
}

export class ParcelOpener {
  readonly lookup = new ValueStore<LookupState | null>(null)
  readonly pick = new ValueStore<PickState>(null)

  /** The data version whose older answers were last forgotten for a change opened from the inbox. */
  private forgotFor: string | null = null
  /** The one parcel whose fetch frames it (OpenerDeps.frameOnFetch); cleared by any other opening. */
  private frameOnFetch: string | null
  /**
   * A frame asked for before the map existed: a link's parcel can be fetched before the map's code
   * has loaded on a slow machine, and the map then opened on the whole coverage. Done in `pushTo`.
   */
  private unframed: Geometry | null = null

  constructor(private readonly d: OpenerDeps) {
    this.frameOnFetch = d.frameOnFetch ?? null
  }

  /**
   * Opens a parcel a watch says changed in data version `version`. The loaded rows and the kept
   * answers may hold its record from before the change, and the card then contradicted the
   * before/after above it (owner "OWNER 1" under "→ BUYER P01"): answers are forgotten once per
   * version and the record is asked of the server.
   */
  openChanged(id: string, version: string): void {
    if (!this.d.forgetAnswers || this.forgotFor === version) {
      this.fetch(id)
      return
    }
    this.forgotFor = version
    void this.d
      .forgetAnswers()
      .catch(() => {})
      .then(() => this.fetch(id))
  }

  /** The looked-up parcels the map outlines (a parcel clicked on the tiles has the selection's outline). */
  outlined(): readonly ParcelRecord[] | null {
    const l = this.lookup.get()
    return l && l.source !== 'map' ? l.records : null
  }

  /** Onto a (new) map: the lookup's outlines, and the frame that waited for it. */
  pushTo(map: Pick<MapPort, 'setLookupParcels'>): void {
    map.setLookupParcels(this.outlined())
    const waiting = this.unframed
    this.unframed = null
    if (waiting) this.d.frame(waiting)
  }

  /** Select a parcel, open its details and (by default) frame it. */
  open(record: ParcelRecord, opts: { zoom?: boolean } = {}): void {
    this.frameOnFetch = null
    this.unframed = null
    this.d.store.getState().select(record.svc_uuid, true)
    const g = record.geom as Geometry | undefined
    if (opts.zoom !== false && g && typeof g === 'object' && 'type' in g && !this.d.frame(g)) this.unframed = g
  }

  /** A row click: the id of a loaded record (null clears the selection). */
  openById(id: string | null, opts: { zoom?: boolean } = {}): void {
    const record = id === null ? undefined : this.recordById(id)
    if (record) this.open(record, opts)
    else this.d.store.getState().select(id, id !== null)
  }

  /** A map click: a loaded record opens at once, any other parcel is fetched by its id. */
  click(id: string | null, tile?: TileFacts): void {
    if (id === null || this.recordById(id)) this.openById(id, { zoom: false })
    else this.fetch(id, tile)
  }

  showAddress(record: ParcelRecord): void {
    this.lookup.set({ source: 'address', records: [record] })
    this.open(record)
  }

  async identify(at: LngLat): Promise<void> {
    this.d.busy(true)
    try {
      const records = await this.d.lookupPoint(at)
      this.lookup.set({ source: 'point', records })
      const first = records[0]
      if (first) this.open(first, { zoom: false })
      else this.d.store.getState().setDrawNotice({ level: 'info', message: 'No parcel at that point.' })
    } catch (e) {
      if (e instanceof ApiError) this.d.reportError(e)
    } finally {
      this.d.busy(false)
    }
  }

  /** The record behind an id: a looked-up parcel first, then the loaded search rows. */
  recordById(id: string): ParcelRecord | undefined {
    return (
      this.lookup.get()?.records.find((r) => r.svc_uuid === id) ??
      this.d.rows().find((r) => r?.svc_uuid === id) ??
      this.d.extra?.(id)
    )
  }

  /** Selects `id` now and opens it once fetched (a tile click, a link's parcel that no search brings). */
  fetch(id: string, tile?: TileFacts): void {
    const selected = () => this.d.store.getState().selectedId === id
    this.d.store.getState().select(id, true)
    this.pick.set({ id, status: 'loading' })
    const fail = (message: string) => {
      if (selected()) this.pick.set({ id, status: 'failed', message })
    }
    void this.d.fetchParcel(id).then(
      (record) => {
        if (this.pick.get()?.id === id) this.pick.set(null)
        if (!selected()) return
        // null is the server's own answer (an empty page online): only then is the parcel gone.
        if (!record) return fail('This parcel is no longer on the server.')
        this.lookup.set({ source: 'map', records: [record] })
        this.open(record, { zoom: this.frameOnFetch === id })
      },
      (e: unknown) => {
        // Offline and in no pack: the card says so; it is no error to report.
        if (e instanceof NotInPackError) return fail(notInPackMessage(tile))
        if (e instanceof ApiError) this.d.reportError(e)
        fail(e instanceof ApiError ? e.message : 'The parcel could not be loaded.')
      },
    )
  }
}
