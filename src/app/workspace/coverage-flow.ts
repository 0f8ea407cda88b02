/**
 * Where the server has data (GET /coverage) and whether it makes parcel tiles, for the workspace:
 * fetched once per connection, pushed to the map (county shading, tile source) and read by the
 * panels ("Jump to", the outside-coverage message). A server without /coverage is `none`: the app
 * then works as before (results from GeoJSON, no jump list).
 */
import type { CoverageResponse } from '../../../contract/tiles'
import { ApiError } from '../../api/api-error'
import type { MapPort, TileSourceInfo } from '../../ports/workspace-ports'
import { ValueStore } from './value-store'

export type CoverageState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'ready'; coverage: CoverageResponse }
  | { status: 'failed'; message: string }

export class CoverageFlow {
  readonly state = new ValueStore<CoverageState>({ status: 'loading' })
  private generation = 0

  constructor(
    private readonly load: () => Promise<CoverageResponse | null>,
    /** The absolute URL template of a tile path on the API's server. */
    private readonly tileUrl: (path: string) => string,
  ) {}

  /** (Re)reads the server's coverage, e.g. after the connection changed; a late answer of an older read is dropped. */
  async refresh(): Promise<void> {
    const mine = ++this.generation
    if (this.state.get().status !== 'ready') this.state.set({ status: 'loading' })
    try {
      const coverage = await this.load()
      if (mine === this.generation) this.state.set(coverage ? { status: 'ready', coverage } : { status: 'none' })
    } catch (e) {
      if (mine !== this.generation) return
      const message = e instanceof ApiError ? e.message : 'Coverage could not be loaded.'
      this.state.set({ status: 'failed', message })
    }
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
    map.setCoverage(this.counties())
    map.setTiles(this.tileInfo())
  }
}
