/**
 * A GeoJSON source fed by differences: features carry numeric ids, and only the added and removed
 * ones go to MapLibre's worker (GeoJSONSource.updateData), which merges changes that wait behind one
 * still being applied and re-tiles off the main thread. Re-sending the whole collection with setData
 * for each page of a 10,000-result search made its drawing quadratic, and its copying to the worker
 * ran on the main thread (issue 18, problem 4).
 */
import type { Feature } from 'geojson'
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl'

export class GeoJsonFeed {
  private count = 0

  constructor(
    private readonly map: MapLibreMap,
    readonly sourceId: string,
  ) {}

  /** Features in the source (as sent; the worker may still be applying the last change). */
  get size(): number {
    return this.count
  }

  change(add: readonly Feature[], remove: readonly number[]): void {
    if (add.length === 0 && remove.length === 0) return
    const source = this.map.getSource<GeoJSONSource>(this.sourceId)
    if (!source) return
    this.count += add.length - remove.length
    source.updateData({ add: [...add], remove: [...remove] }).catch(ignoreGone)
  }

  clear(): void {
    if (this.count === 0) return
    this.count = 0
    this.map.getSource<GeoJSONSource>(this.sourceId)?.updateData({ removeAll: true }).catch(ignoreGone)
  }
}

/** The map or its source went away while the worker applied a change: nothing left to draw. */
const ignoreGone = () => {}
