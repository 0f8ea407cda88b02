/**
 * What the pointer finds on the map: the parcel under a click or a hover, from the search results
 * first (GeoJSON), then the parcel tiles (any parcel, click-any-parcel), then a result's dot (where
 * results are dots at county zoom). Hover highlights by feature-state on whichever layer it is over.
 */
import type { MapGeoJSONFeature, Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl'
import type { TileFacts } from '../../ports/workspace-ports'
import type { ResultDrawing } from './results/result-drawing'
import { PARCEL_LAYERS } from './tiles/parcel-layers'
import type { ParcelTiles } from './tiles/parcel-tiles'
import { TILE_LAYERS } from './tiles/tile-layers'

type Hit =
  | { kind: 'result'; id: number; uuid: string }
  | { kind: 'tile'; id: number; uuid: string; facts: TileFacts }
  | { kind: 'dot'; uuid: string }

export class MapPointer {
  /** Off while a drawing tool owns the map (its clicks make shapes, not selections). */
  enabled = true

  constructor(
    private readonly map: MapLibreMap,
    private readonly results: ResultDrawing,
    private readonly tiles: ParcelTiles,
  ) {}

  /** The parcel under a point: a result before a tile parcel (results sit on top). */
  hitAt(point: PointLike): Hit | null {
    const layers = [PARCEL_LAYERS.fill, TILE_LAYERS.fill].filter((id) => this.map.getLayer(id))
    const hits = layers.length > 0 ? this.map.queryRenderedFeatures(point, { layers }) : []
    return this.resultHit(hits) ?? this.tileHit(hits) ?? this.dotHit(point)
  }

  private dotHit(point: PointLike): Hit | null {
    const dot = this.results.dotAt(point)
    return dot ? { kind: 'dot', uuid: dot.uuid } : null
  }

  private resultHit(hits: MapGeoJSONFeature[]): Hit | null {
    for (const f of hits) {
      if (f.layer.id !== PARCEL_LAYERS.fill || typeof f.id !== 'number') continue
      const uuid = this.results.uuidOf(f.id)
      if (uuid) return { kind: 'result', id: f.id, uuid }
    }
    return null
  }

  private tileHit(hits: MapGeoJSONFeature[]): Hit | null {
    for (const f of hits) {
      if (f.layer.id !== TILE_LAYERS.fill) continue
      const p = this.tiles.parcelAt(f)
      if (p) return { kind: 'tile', ...p }
    }
    return null
  }

  /** Highlights what is under the pointer (nothing while drawing); true when over a parcel. */
  hover(e: MapMouseEvent | null): boolean {
    const hit = e && this.enabled ? this.hitAt(e.point) : null
    this.results.setHover(hit?.kind === 'result' ? hit.id : null)
    this.tiles.states.setHover(hit?.kind === 'tile' ? hit.id : null)
    return hit !== null
  }
}
