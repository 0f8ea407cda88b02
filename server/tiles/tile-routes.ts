/**
 * `GET /tiles/parcels/{z}/{x}/{y}.mvt` and `GET /coverage` (docs/api.md "Parcel tiles and coverage").
 * Both check the key first (401/403 as everywhere) and charge nothing: tiles need the plan's
 * `tiles` endpoint, coverage only a valid, active key, or none where the app's page shows it.
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { PARCEL_TILE_MIN_ZOOM, TILE_CONTENT_TYPE } from '../../contract/tiles'
import type { KeyGuard } from '../auth/key-guard'
import { errorResponse } from '../http-kit/responses'
import { parseTile } from './tile-coords'
import { coverageEtag, detailHeader, notModified, tileCacheControl, tileEtag } from './tile-headers'
import type { TileService } from './tile-service'

const COVERAGE_CACHE_CONTROL = 'private, no-cache'

interface TileRouteOptions {
  /**
   * Coverage without a key, because the app's page already gives it to every visitor
   * (http/index-page.ts, COVERAGE_IN_PAGE): a key would guard nothing (docs/decisions.md, issue 39).
   * A key that is sent is still checked.
   */
  publicCoverage?: boolean
}

export function tileRoutes(service: TileService, guard: KeyGuard, o: TileRouteOptions = {}) {
  const app = new Hono()

  app.get('/tiles/parcels/:z/:x/:y', async (c) => {
    const check = await guard.free(c.req.header('authorization'), 'tiles', c.req.raw.signal)
    if (!check.ok) return errorResponse(c, check.status, check.detail)
    const parsed = parseTile(c.req.param('z'), c.req.param('x'), c.req.param('y'))
    if (!parsed.ok) return errorResponse(c, 400, parsed.detail)
    const asked = c.req.query('v')
    const current = await service.version()
    if (notModified(c.req.header('if-none-match'), tileEtag(current))) {
      return c.body(null, 304, { etag: tileEtag(current), 'cache-control': tileCacheControl(current, asked) })
    }
    // Below the first zoom a tile holds nothing (a county of parcels is noise at z9): no database work.
    if (parsed.tile.z < PARCEL_TILE_MIN_ZOOM) return tileAnswer(c, new Uint8Array(0), current, asked, {})
    const made = await service.tile(parsed.tile, c.req.raw.signal)
    const extra: Record<string, string> = { 'x-tile-detail': detailHeader(made.detail) }
    if (made.omitted > 0) extra['x-tile-omitted'] = String(made.omitted)
    if (made.store) extra['x-tile-store'] = made.store
    return tileAnswer(c, made.bytes, made.version, asked, extra)
  })

  app.get('/coverage', async (c) => {
    const authorization = c.req.header('authorization')
    if (!o.publicCoverage || authorization !== undefined) {
      const check = await guard.free(authorization, null, c.req.raw.signal)
      if (!check.ok) return errorResponse(c, check.status, check.detail)
    }
    const coverage = await service.coverage()
    const headers = { etag: coverageEtag(coverage.version), 'cache-control': COVERAGE_CACHE_CONTROL }
    if (notModified(c.req.header('if-none-match'), headers.etag)) return c.body(null, 304, headers)
    return c.json(coverage, 200, headers)
  })

  return app
}

function tileAnswer(
  c: Context,
  bytes: Uint8Array,
  version: string,
  asked: string | undefined,
  extra: Record<string, string>,
) {
  // Our bytes never live in a SharedArrayBuffer (PostgreSQL's Buffer, or vt-pbf's writer).
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': TILE_CONTENT_TYPE,
    etag: tileEtag(version),
    'cache-control': tileCacheControl(version, asked),
    ...extra,
  })
}
