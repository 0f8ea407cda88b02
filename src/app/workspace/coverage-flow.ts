/**
 * Where the server has data (GET /coverage) and whether it makes parcel tiles, for the workspace:
 * fetched once per connection, pushed to the map (county shading, tile source) and read by the
 * panels ("Jump to", the outside-coverage message). A server without /coverage is `none`: the app
 * then works as before (results from GeoJSON, no jump list). The server that served the page may
 * have written its coverage and the counties' outlines into it (contract PAGE_COVERAGE_ID): then the
 * first paint shows them, and GET /coverage with the key follows as before (issue 18, problem 3).
 */
import type { FeatureCollection } from 'geojson'
import type { CoverageResponse, PageCoverage } from '../../../contract/tiles'
import { ApiError } from '../../api/api-error'
import type { MapPort, TileSourceInfo } from '../../ports/workspace-ports'
import type { CoverageState } from '../../state/coverage-state'
import { ValueStore } from '../../state/value-store'

export class CoverageFlow {
  readonly state: ValueStore<CoverageState>
  private generation = 0
  /** The page's outlines, good for as long as the coverage's version is theirs. */
  private readonly outlines: { version: string; shapes: FeatureCollection } | null
  /** The state is the page's, not yet confirmed with the key: a failed check keeps it. */
  private fromPage: boolean

  constructor(
    private readonly load: () => Promise<CoverageResponse | null>,
    /** The absolute URL template of a tile path on the API's server. */
    private readonly tileUrl: (path: string) => string,
    /** What the page brought (only when the API is the server that served it). */
    page: PageCoverage | null = null,
  ) {
    this.state = new ValueStore<CoverageState>(
      page ? { status: 'ready', coverage: page.coverage } : { status: 'loading' },
    )
    this.outlines = page?.outlines ? { version: page.coverage.version, shapes: page.outlines } : null
    this.fromPage = page !== null
  }

  /** (Re)reads the server's coverage, e.g. after the connection changed; a late answer of an older read is dropped. */
  async refresh(): Promise<void> {
    const mine = ++this.generation
    if (this.state.get().status !== 'ready') this.state.set({ status: 'loading' })
    try {
      const coverage = await this.load()
      if (mine !== this.generation) return
      this.fromPage = false
      const now = this.state.get()
      // The same data as the page's: nothing on screen changes.
      if (coverage && now.status === 'ready' && now.coverage.version === coverage.version) return
      this.state.set(coverage ? { status: 'ready', coverage } : { status: 'none' })
    } catch (e) {
      // Without a (valid) key yet the page's coverage still shows where the data is; Settings asks for the key.
      if (mine !== this.generation || this.fromPage) return
      const message = e instanceof ApiError ? e.message : 'Coverage could not be loaded.'
      this.state.set({ status: 'failed', message })
    }
  }

  /** The coverage once it is known (null before, or when the server has none). */
  ready(): CoverageResponse | null {
    const s = this.state.get()
    return s.status === 'ready' ? s.coverage : null
  }

  /** The covered counties (empty until known, or when the server does not say). */
  counties(): CoverageResponse['counties'] {
    const s = this.state.get()
    return s.status === 'ready' ? s.coverage.counties : []
  }

  /** The parcel tile source of this server (null: it makes none, or it is not known yet). */
  tileInfo(): TileSourceInfo | null {
    const s = this.state.get()
    const tiles = s.status === 'ready' ? s.coverage.tiles : null
    // `?v=` the data version: the server then lets the browser keep a tile for a day (immutable),
    // and a new load changes the version, so the map asks for fresh tiles.
    const version = s.status === 'ready' ? `?v=${encodeURIComponent(s.coverage.version)}` : ''
    return tiles ? { url: this.tileUrl(tiles.path) + version, minzoom: tiles.min_zoom, maxzoom: tiles.max_zoom } : null
  }

  pushTo(map: MapPort): void {
    const s = this.state.get()
    const version = s.status === 'ready' ? s.coverage.version : null
    map.setCoverage(this.counties(), this.outlines && this.outlines.version === version ? this.outlines.shapes : null)
    map.setTiles(this.tileInfo())
  }
}
