/**
 * Feature-state on the parcel tiles: which parcels are search results (`matched`), which one is
 * selected and which hovered. MapLibre keeps a source's feature-state apart from its tiles and
 * applies it to each tile as it loads (SourceFeatureState.initializeTileState), so results are
 * marked once, whether or not their tiles are loaded yet, and a 10,000-parcel search costs a few
 * milliseconds of state changes instead of re-uploading its polygons. Ids: `tileFeatureId`.
 */
import type { Map as MapLibreMap } from 'maplibre-gl'
import { PARCEL_LAYER, tileFeatureId } from '../../../../contract/tiles'
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

  /** These parcels are results now (a page of a search arrived): only they are written. */
  mark(uuids: Iterable<string>): void {
    for (const u of uuids) {
      const id = this.idOf(u)
      if (this.matched.has(id)) continue
      this.matched.add(id)
      if (this.live) this.put(id, 'matched', true)
    }
  }

  /** These parcels are no longer results. */
  unmark(uuids: Iterable<string>): void {
    for (const u of uuids) {
      const id = this.idOf(u)
      if (this.matched.delete(id) && this.live) this.put(id, 'matched', false)
    }
  }

  /**
   * No parcel is a result (a new search): every state on the tiles goes in one call rather than one
   * per parcel, and the selection is written again.
   */
  clearMatched(): void {
    if (this.matched.size === 0) return
    this.matched = new Set()
    if (!this.live) return
    this.map.removeFeatureState({ source: TILE_SOURCE, sourceLayer: PARCEL_LAYER })
    this.hover = null
    if (this.selected !== null) this.put(this.selected, 'selected', true)
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
