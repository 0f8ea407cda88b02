/**
 * Search results on the map, marked as their pages arrive (issue 18, problem 4: the table had every
 * row at 0.9 s while the map marked them at 3.8–4.3 s, its uploads throttled to spare a page that
 * re-sent everything each time). Each snapshot of rows becomes a difference (result-set.ts), so an
 * update costs what changed. Updates are paced by what the last one took to show (about a frame on
 * a GPU; on a software renderer the canvas read-back that blocks the page, BENCHMARKS.md), and the
 * last page of a search is drawn at once, so the map is done when the table is:
 * - with parcel tiles: new results are marked by feature-state on the tile features (MapLibre applies
 *   it to each tile as it loads), and each is also a dot from its own record, drawn below street zoom
 *   (z13) where a tile may leave small lots out, so a town's results keep their colour. The dots are
 *   held and drawn on the main thread (result-dots.ts, dots-layer.ts): both show in the next frame;
 * - without (a server that makes no tiles, or refuses them): the results' polygons as GeoJSON, sent
 *   to MapLibre's worker by difference (geojson-feed.ts).
 * Feature ids are the parcels' tile ids on both paths; hover and selection on the GeoJSON path use
 * feature-state on them.
 */
import type { Feature } from 'geojson'
import type { Map as MapLibreMap, PointLike } from 'maplibre-gl'
import { Point } from 'maplibre-gl'
import type { ParcelRecord } from '../../../../contract/schemas'
import { PARCEL_TILE_PROPS, tileFeatureId } from '../../../../contract/tiles'
import { type Theme, themeById } from '../../../format/themes'
import { parcelPoint, parcelPolygon } from '../tiles/parcel-features'
import { PARCEL_LAYERS, PARCEL_SOURCES } from '../tiles/parcel-layers'
import type { ParcelTiles } from '../tiles/parcel-tiles'
import { OUTLINES_FULL_ZOOM } from '../tiles/tile-layers'
import { markDrawn, whenDrawn } from '../when-drawn'
import { DotsLayer } from './dots-layer'
import { GeoJsonFeed } from './geojson-feed'
import { DOT_STYLE, type Dot, dotColor, hexRgb, interpolateStops, mercator, ResultDots } from './result-dots'
import { ResultSet } from './result-set'
import { ThrottledUpload } from './throttled-upload'

type Rows = readonly (ParcelRecord | undefined)[]
type Path = 'tiles' | 'geojson'

const NO_ROWS: Rows = []
/** However slow the renderer, the map shows a loading search's progress at least this often. */
const MAX_WAIT_MS = 2000

export class ResultDrawing {
  private rows: Rows = NO_ROWS
  private loading = false
  private readonly set = new ResultSet()
  private path: Path | null = null
  private readonly updates: ThrottledUpload<Rows>
  private drawnCallbacks: (() => void)[] = []
  private readonly dots = new ResultDots()
  private readonly dotsLayer: DotsLayer
  private readonly polygons: GeoJsonFeed
  private selectedUuid: string | null = null
  private selectedFeatureId: number | null = null
  private hoverId: number | null = null
  private stopWaiting: (() => void) | null = null

  constructor(
    private readonly map: MapLibreMap,
    private readonly tiles: ParcelTiles,
  ) {
    this.dotsLayer = new DotsLayer(PARCEL_LAYERS.points, this.dots, themeById('plain'))
    this.polygons = new GeoJsonFeed(map, PARCEL_SOURCES.parcels)
    this.updates = new ThrottledUpload<Rows>(
      {
        upload: (rows) => this.apply(rows),
        whenReady: (run) => run(),
        whenRendered: (cb) => this.drawnCallbacks.push(cb),
      },
      0,
      MAX_WAIT_MS,
      1,
    )
  }

  /** Adds the dots' layer (once the style has loaded), below the GeoJSON results as the dots sit under outlines. */
  install(): void {
    if (!this.map.getLayer(PARCEL_LAYERS.points)) this.map.addLayer(this.dotsLayer, PARCEL_LAYERS.fill)
  }

  setTheme(theme: Theme): void {
    this.dotsLayer.setTheme(theme)
  }

  /** The rows to show (call once the map's style has loaded); `loading`: more pages are coming. */
  setRows(rows: Rows, loading = false): void {
    if (rows === this.rows && loading === this.loading) return
    this.rows = rows
    this.loading = loading
    this.updates.push(rows, !loading || rows.length === 0)
  }

  /** The tiles came or went: the results move to the other path. */
  redraw(): void {
    this.apply(this.rows)
  }

  private apply(rows: Rows): void {
    const path: Path = this.tiles.active ? 'tiles' : 'geojson'
    if (path !== this.path) {
      this.reset()
      this.path = path
    }
    const { added, removed, replaced } = this.set.update(rows)
    if (added.length === 0 && removed.length === 0) return
    if (replaced) this.clearDrawn()
    const gone = replaced ? [] : removed
    const goneIds = gone.map(tileFeatureId)
    if (path === 'tiles') {
      this.tiles.states.unmark(gone)
      this.tiles.states.mark(added.map((r) => r.svc_uuid))
      this.dots.change(features(added, parcelPoint), goneIds)
      this.dotsLayer.changed()
    } else {
      if (this.hoverId !== null && goneIds.includes(this.hoverId)) this.hoverId = null
      this.polygons.change(features(added, parcelPolygon), goneIds)
      this.applySelection()
    }
    this.reportDrawn(path === 'tiles' ? [] : [this.polygons.sourceId])
  }

  /** Everything drawn goes (a new search, or the other path takes over). */
  private clearDrawn(): void {
    this.tiles.states.clearMatched()
    this.dots.clear()
    this.dotsLayer.changed()
    this.polygons.clear()
    this.map.removeFeatureState({ source: PARCEL_SOURCES.parcels })
    this.hoverId = null
    this.selectedFeatureId = null
  }

  private reset(): void {
    this.clearDrawn()
    this.set.clear()
  }

  /**
   * Once a frame shows the update: `plat:results-drawn` with the count (for `npm run bench:app`),
   * then, a frame later (after the compositor took it), what it cost to show is known to the pacing.
   */
  private reportDrawn(sources: readonly string[]): void {
    this.stopWaiting?.()
    const count = this.set.size
    this.stopWaiting = whenDrawn(this.map, sources, () => {
      this.stopWaiting = null
      markDrawn('plat:results-drawn', { count })
      requestAnimationFrame(() => {
        for (const cb of this.drawnCallbacks.splice(0)) cb()
      })
    })
  }

  /**
   * The result dot under a canvas point (the last drawn where they overlap), as the layer draws it:
   * within its radius and ring at this zoom; none from street zoom up, where dots are not drawn.
   */
  dotAt(point: PointLike): Dot | null {
    const zoom = this.map.getZoom()
    if (zoom >= OUTLINES_FULL_ZOOM || this.dots.size === 0) return null
    const at = this.map.unproject(Point.convert(point))
    const [x, y] = mercator(at.lng, at.lat)
    const px = interpolateStops(DOT_STYLE.radius, zoom) + interpolateStops(DOT_STYLE.stroke, zoom)
    // MapLibre's world is 512 px wide at zoom 0; a pixel is the same world distance everywhere in view
    // because the map never tilts or turns (map-setup.ts: maxPitch 0, no drag-rotate).
    return this.dots.hit(x, y, px / (512 * 2 ** zoom))
  }

  /** The dots drawn in view (none from street zoom up), for the browser tests' probe. */
  dotsInView(): Dot[] {
    if (this.map.getZoom() >= OUTLINES_FULL_ZOOM) return []
    const b = this.map.getBounds()
    const [minX, maxY] = mercator(b.getWest(), b.getSouth())
    const [maxX, minY] = mercator(b.getEast(), b.getNorth())
    return this.dots.within(minX, minY, maxX, maxY)
  }

  /** A dot's colour as MapLibre prints a paint colour ("rgba(r,g,b,1)"), and its acres. */
  dotLook(dot: Dot): { color: string; acres: number | null } {
    const acres = dot.props[PARCEL_TILE_PROPS.acres]
    return {
      color: `rgba(${hexRgb(dotColor(this.dotsLayer.theme, dot.props)).join(',')},1)`,
      acres: typeof acres === 'number' ? acres : null,
    }
  }

  /** The svc_uuid behind a GeoJSON result feature id. */
  uuidOf(featureId: number): string | null {
    return this.set.uuidOf(featureId)
  }

  setSelected(uuid: string | null): void {
    this.selectedUuid = uuid
    this.tiles.states.setSelected(uuid)
    this.applySelection()
  }

  private applySelection(): void {
    const uuid = this.selectedUuid
    const next = this.path === 'geojson' && uuid !== null && this.set.has(uuid) ? tileFeatureId(uuid) : null
    if (next === this.selectedFeatureId) return
    if (this.selectedFeatureId !== null)
      this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: this.selectedFeatureId }, { selected: false })
    this.selectedFeatureId = next
    if (next !== null) this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: next }, { selected: true })
  }

  /** Hover on a GeoJSON result (its feature id) or null. */
  setHover(id: number | null): void {
    if (id === this.hoverId) return
    if (this.hoverId !== null)
      this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: this.hoverId }, { hover: false })
    this.hoverId = id
    if (id !== null) this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id }, { hover: true })
  }

  cancel(): void {
    this.updates.cancel()
    this.stopWaiting?.()
  }
}

function features(records: readonly ParcelRecord[], make: (r: ParcelRecord, id: number) => Feature | null): Feature[] {
  const out: Feature[] = []
  for (const r of records) {
    const f = make(r, tileFeatureId(r.svc_uuid))
    if (f) out.push(f)
  }
  return out
}
