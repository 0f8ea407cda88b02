/**
 * Feature-state on the parcel tiles: which parcels are search results (`matched`), which one is
 * selected and which hovered. MapLibre keeps a source's feature-state apart from its tiles and
 * applies it to each tile as it loads (SourceFeatureState.initializeTileState), so results are
 * marked once, whether or not their tiles are loaded yet, and a 10,000-parcel search costs a few
 * milliseconds of state changes instead of re-uploading its polygons. Ids: `tileFeatureId`.
 */
import type { Map as MapLibreMap } from 'maplibre-gl'
import { PARCEL_LAYER, tileFeatureId } from '../../../contract/tiles'
import { TILE_SOURCE } from './tile-layers'

type Flag = 'matched' | 'selected' | 'hover'

export class TileStates {
  private matched = new Set<number>()
  private selected: number | null = null
  private hover: number | null = null
  /** uuid → tile id, memoized: the same rows come back on every progress update of a search. */
  private readonly ids = new Map<string, number>()
  private live = false

  constructor(private readonly map: MapLibreMap) {}

  idOf(uuid: string): number {
    let id = this.ids.get(uuid)
    if (id === undefined) {
      id = tileFeatureId(uuid)
      this.ids.set(uuid, id)
    }
    return id
  }

  /** The tile source was (re)added: everything set so far is written onto it again. */
  attach(): void {
    this.live = true
    for (const id of this.matched) this.put(id, 'matched', true)
    if (this.selected !== null) this.put(this.selected, 'selected', true)
  }

  detach(): void {
    this.live = false
    this.hover = null
  }

  /** Marks exactly these parcels as results: only the difference from the last call is written. */
  setMatched(uuids: Iterable<string>): void {
    const next = new Set<number>()
    for (const u of uuids) next.add(this.idOf(u))
    if (this.live) {
      for (const id of next) if (!this.matched.has(id)) this.put(id, 'matched', true)
      for (const id of this.matched) if (!next.has(id)) this.put(id, 'matched', false)
    }
    this.matched = next
  }

  isMatched(id: number): boolean {
    return this.matched.has(id)
  }

  setSelected(uuid: string | null): void {
    const id = uuid === null ? null : this.idOf(uuid)
    if (id === this.selected) return
    if (this.selected !== null && this.live) this.put(this.selected, 'selected', false)
    this.selected = id
    if (id !== null && this.live) this.put(id, 'selected', true)
  }

  setHover(id: number | null): void {
    if (id === this.hover || !this.live) return
    if (this.hover !== null) this.put(this.hover, 'hover', false)
    this.hover = id
    if (id !== null) this.put(id, 'hover', true)
  }

  private put(id: number, flag: Flag, on: boolean): void {
    const target = { source: TILE_SOURCE, sourceLayer: PARCEL_LAYER, id }
    // A removed key, not `false`, so the state of a parcel no longer matched does not linger.
    if (on) this.map.setFeatureState(target, { [flag]: true })
    else this.map.removeFeatureState(target, flag)
  }
}
