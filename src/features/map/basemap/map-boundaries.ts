/**
 * The map's own outlines: state lines at start, county lines once zoomed in far enough to show
 * them (~840 KB of TopoJSON, so not before), and the covered counties' shading from GET /coverage.
 */
import type { FeatureCollection } from 'geojson'
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl'
import type { CoverageCounty } from '../../../../contract/tiles'
import { COVERAGE_SOURCE, coverageShapes } from '../overlays/coverage-layers'
import { markDrawn, whenDrawn } from '../when-drawn'
import { loadCountyLines, loadStateLines } from './boundaries'
import { BOUNDARY_SOURCES, COUNTY_LINES_MINZOOM, EMPTY_FC } from './offline-style'

export class MapBoundaries {
  private countiesRequested = false
  private coverage: readonly CoverageCounty[] | null = null

  constructor(
    private readonly map: MapLibreMap,
    private readonly whenReady: (run: () => void) => void,
    private readonly signal: AbortSignal,
  ) {
    void loadStateLines(signal)
      .then((lines) => this.put(BOUNDARY_SOURCES.states, lines))
      .catch((err: unknown) => this.failed(err))
    whenReady(() => this.zoomed())
  }

  private put(source: string, data: Parameters<GeoJSONSource['setData']>[0]): void {
    this.whenReady(() => this.map.getSource<GeoJSONSource>(source)?.setData(data))
  }

  private failed(err: unknown): void {
    if (!this.signal.aborted) console.warn('Plat: boundary lines unavailable', err)
  }

  /** After each zoom: county lines are fetched the first time they would show. */
  zoomed(): void {
    if (this.countiesRequested || this.map.getZoom() < COUNTY_LINES_MINZOOM - 0.5) return
    this.countiesRequested = true
    void loadCountyLines(this.signal)
      .then((lines) => this.put(BOUNDARY_SOURCES.counties, lines))
      .catch((err: unknown) => {
        this.countiesRequested = false
        this.failed(err)
      })
  }

  /** The covered counties' shading; `outlines` when the page brought them, else from the county atlas. */
  setCoverage(counties: readonly CoverageCounty[], outlines: FeatureCollection | null = null): void {
    if (counties === this.coverage) return
    this.coverage = counties
    if (counties.length === 0) {
      this.put(COVERAGE_SOURCE, EMPTY_FC)
      return
    }
    const show = (shapes: FeatureCollection) => {
      if (this.coverage !== counties) return
      this.put(COVERAGE_SOURCE, shapes)
      // Navigation → covered counties on screen, for `npm run bench:app`.
      this.whenReady(() => whenDrawn(this.map, [COVERAGE_SOURCE], () => markDrawn('plat:coverage-drawn')))
    }
    if (outlines) show(outlines)
    else
      void coverageShapes(counties)
        .then(show)
        .catch((err: unknown) => this.failed(err))
  }
}
