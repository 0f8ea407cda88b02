/**
 * Search results on the map, by the cheapest path the server allows:
 * - with parcel tiles: each result is marked `matched` by feature-state on the tile features the
 *   map already has (parcel-tiles.ts), so a page of results costs a few state changes, not an
 *   upload; zoomed out past street level (z13), results also show as dots from their records (points
 *   are a tenth of the data), so a town of lots too small for its tile keeps its results' colour.
 *   The marks are coalesced too while a search streams in: each change repaints the map, and a
 *   repaint is what costs (on a software renderer it also reads the whole canvas back);
 * - without (a server that makes no tiles, or refuses them): the records' polygons as GeoJSON,
 *   coalesced while a search streams in (ThrottledUpload).
 * Hover and selection on the GeoJSON path use feature-state on its numeric ids.
 */
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl'
import type { ParcelRecord } from '../../../contract/schemas'
import { EMPTY_FC } from './offline-style'
import { type ParcelBatch, parcelPoints, parcelsToFeatures } from './parcel-features'
import { PARCEL_SOURCES } from './parcel-layers'
import type { ParcelTiles } from './parcel-tiles'
import { ThrottledUpload, type UploadHooks } from './throttled-upload'

type Rows = readonly (ParcelRecord | undefined)[]
/** One empty value, so pushing "nothing" again is recognised as no change (no upload). */
const NO_ROWS: Rows = []

export class ResultDrawing {
  private rows: Rows = NO_ROWS
  private batch: ParcelBatch = parcelsToFeatures([])
  private selectedUuid: string | null = null
  private selectedFeatureId: number | null = null
  private hoverId: number | null = null
  private readonly polygons: ThrottledUpload<Rows>
  private readonly points: ThrottledUpload<Rows>
  private readonly marks: ThrottledUpload<Rows>

  constructor(
    private readonly map: MapLibreMap,
    private readonly tiles: ParcelTiles,
    hooks: Omit<UploadHooks<Rows>, 'upload'>,
  ) {
    this.polygons = new ThrottledUpload<Rows>({ ...hooks, upload: (rows) => this.uploadPolygons(rows) })
    this.marks = new ThrottledUpload<Rows>({ ...hooks, upload: (rows) => this.tiles.states.setMatched(uuidsOf(rows)) })
    this.points = new ThrottledUpload<Rows>({
      ...hooks,
      upload: (rows) => this.source(PARCEL_SOURCES.points)?.setData(parcelPoints(rows)),
    })
  }

  private source(id: string): GeoJSONSource | undefined {
    return this.map.getSource<GeoJSONSource>(id)
  }

  setRows(rows: Rows): void {
    if (rows === this.rows) return
    this.rows = rows
    this.draw()
  }

  /** The tiles came or went, or the zoom crossed the tiles' first zoom: the results move path. */
  redraw(): void {
    this.draw()
  }

  private draw(): void {
    const rows = this.rows
    const empty = rows.length === 0
    if (this.tiles.active) {
      this.marks.push(rows, empty)
      // Dots where tiles may not outline every result (below z13: nothing below the tiles' first
      // zoom, small lots left out by the size cap above it); zoomed in, a search uploads no geometry.
      this.points.push(this.tiles.below() ? rows : NO_ROWS, empty)
      this.polygons.push(NO_ROWS, true)
    } else {
      this.marks.push(NO_ROWS, true)
      this.points.push(NO_ROWS, true)
      this.polygons.push(rows, empty)
    }
  }

  private uploadPolygons(rows: Rows): void {
    this.batch = parcelsToFeatures(rows)
    this.hoverId = null
    this.selectedFeatureId = null
    this.source(PARCEL_SOURCES.parcels)?.setData(rows.length ? this.batch.data : EMPTY_FC)
    this.map.removeFeatureState({ source: PARCEL_SOURCES.parcels })
    this.applySelection()
  }

  /** The svc_uuid behind a GeoJSON result feature id. */
  uuidOf(featureId: number): string | null {
    return this.batch.uuids[featureId] ?? null
  }

  setSelected(uuid: string | null): void {
    this.selectedUuid = uuid
    this.tiles.states.setSelected(uuid)
    this.applySelection()
  }

  private applySelection(): void {
    const uuid = this.selectedUuid
    const next = uuid === null ? null : (this.batch.idByUuid.get(uuid) ?? null)
    if (next === this.selectedFeatureId) return
    if (this.selectedFeatureId !== null)
      this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: this.selectedFeatureId }, { selected: false })
    this.selectedFeatureId = next
    if (next !== null) this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: next }, { selected: true })
  }

  /** Hover on a GeoJSON result (numeric id) or null. */
  setHover(id: number | null): void {
    if (id === this.hoverId) return
    if (this.hoverId !== null)
      this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: this.hoverId }, { hover: false })
    this.hoverId = id
    if (id !== null) this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id }, { hover: true })
  }

  cancel(): void {
    this.marks.cancel()
    this.polygons.cancel()
    this.points.cancel()
  }
}

function* uuidsOf(rows: Rows): Iterable<string> {
  for (const r of rows) if (r) yield r.svc_uuid
}
