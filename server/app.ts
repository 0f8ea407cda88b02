/**
 * The Hono app: mounts the spec's routes and Plat's extensions over one key guard, in local or proxy
 * mode, with the security headers and the SPA; everything here is wiring, each route lives in its feature.
 */
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { KeyGuard } from './auth/key-guard'
import { changesRoutes } from './changes/changes-routes'
import type { ChangesService } from './changes/changes-service'
import type { ParcelsRepo } from './db/parcels-repo'
import { compressAnswers } from './http/compress'
import { errorAnswer } from './http/error-answer'
import { indexPage } from './http/index-page'
import { methodNotAllowed } from './http/method-not-allowed'
import { parcelRoutes } from './http/parcel-routes'
import type { Readiness } from './http/readiness'
import { securityHeaders } from './http/security-headers'
import { spaFallback } from './http/spa-fallback'
import { drainUnreadBody } from './http-kit/drain-unread-body'
import { type RequestVars, requestLog } from './http-kit/request-log'
import { errorResponse } from './http-kit/responses'
import { mcpRoutes } from './mcp/mcp-routes'
import { openApiRoutes } from './openapi/openapi-routes'
import type { ProxyMode } from './proxy/proxy-mode'
import { proxyRoutes } from './proxy/proxy-routes'
import { archiveRoutes } from './tiles/archive/archive-routes'
import { type ArchiveSettings, advertiseArchive } from './tiles/archive/archive-settings'
import { TILE_EXPOSED_HEADERS } from './tiles/tile-headers'
import { tileRoutes } from './tiles/tile-routes'
import type { TileService } from './tiles/tile-service'
import { watchRoutes } from './watches/watch-routes'
import type { WatchesRepo } from './watches/watches-repo'
import { parseQueryRoutes } from './words/parse-query-routes'

/**
 * Where parcel answers come from: the local database (which also makes tiles and coverage and keeps
 * the change log and the watches it feeds), or a hosted parcel API (proxy mode: no local parcels, so none of those).
 */
export type ParcelSource =
  | { mode: 'local'; repo: ParcelsRepo; tiles: TileService; changes: ChangesService; watches: WatchesRepo }
  | { mode: 'proxy'; proxy: ProxyMode }

export interface AppDeps {
  parcels: ParcelSource
  guard: KeyGuard
  /** The demo key, served to the SPA in demo mode so a fresh clone works without setup. */
  demoKey: string | null
  staticDir: string | null
  logRequests: boolean
  /** Browser origins allowed to call the API (`*` for any); empty: same origin only. */
  corsOrigins: readonly string[]
  /** Extra CSP connect-src sources for the app. */
  cspConnectSrc: readonly string[]
  /** /readyz: whether the database answers (readiness.ts). */
  ready: () => Promise<Readiness>
  /** Write the coverage into the app's page (COVERAGE_IN_PAGE; http/index-page.ts). */
  coverageInPage?: boolean
  /** The outline archive served here and the one the app is told of (TILES_ARCHIVE_FILE/_URL). */
  tilesArchive?: ArchiveSettings
}

export function createApp({
  parcels,
  guard,
  demoKey,
  staticDir,
  logRequests,
  corsOrigins,
  cspConnectSrc,
  ready,
  coverageInPage = true,
  tilesArchive = { file: null, url: null },
}: AppDeps) {
  const app = new Hono<RequestVars>()
  app.use('*', requestLog(logRequests))
  app.use('*', securityHeaders(cspConnectSrc))
  app.use('*', drainUnreadBody())
  if (corsOrigins.length) {
    const origin = corsOrigins.includes('*') ? '*' : [...corsOrigins]
    const allowHeaders = ['Authorization', 'Content-Type']
    app.use(
      '/parcels/*',
      cors({
        origin,
        allowMethods: ['GET', 'POST'],
        allowHeaders,
        exposeHeaders: ['Retry-After', 'X-Request-Id'],
        maxAge: 600,
      }),
    )
    // Tiles and coverage are fetched like the API (bearer key); revalidation sends If-None-Match.
    // The outline archive is read by HTTP Range (tiles/archive/archive-routes.ts).
    const tileCors = cors({
      origin,
      allowMethods: ['GET'],
      allowHeaders: [...allowHeaders, 'If-None-Match', 'Range', 'If-Range'],
      exposeHeaders: ['Retry-After', 'X-Request-Id', ...TILE_EXPOSED_HEADERS, 'Content-Range', 'Accept-Ranges'],
      maxAge: 600,
    })
    app.use('/tiles/*', tileCors)
    app.use('/coverage', tileCors)
    app.use('/changes', tileCors)
    // The other extensions, for a Plat page or a browser-based MCP client on another origin: the app
    // pointed at this server lists and edits watches, and Streamable HTTP needs its session headers.
    const extensionCors = cors({
      origin,
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowHeaders: [...allowHeaders, 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'],
      exposeHeaders: ['Retry-After', 'X-Request-Id', 'Mcp-Session-Id'],
      maxAge: 600,
    })
    for (const path of ['/watches', '/watches/*', '/parse-query', '/mcp', '/openapi.json']) app.use(path, extensionCors)
  }
  // Records (owners, addresses) must not sit in shared or browser caches.
  app.use('/parcels/*', async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })
  app.use('/parcels/*', compressAnswers())
  // Tiles and coverage set their own Cache-Control (tile-headers.ts): private, revalidated by ETag.
  app.use('/tiles/*', compressAnswers())
  app.use('/coverage', compressAnswers())
  // The change log names owners, like the records: no shared or browser caches.
  app.use('/changes', async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })
  app.use('/changes', compressAnswers())
  // Watches name owners and parcels, and a feed's address is its only key: no shared caches.
  app.use('/watches/*', async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })
  app.use('/watches', async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })
  app.use('/proxy/*', async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })
  app.use('/demo-key', async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })

  // /healthz: the process answers (never waits on the database); /readyz: the database answers too.
  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.use('/readyz', async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })
  app.get('/readyz', async (c) => {
    const state = await ready()
    if (state.ready) return c.json({ status: 'ready', ...state.replicas })
    c.header('retry-after', '5')
    return errorResponse(c, 503, `Not ready: ${state.reason}.`)
  })
  app.get('/demo-key', (c) => (demoKey ? c.json({ key: demoKey }) : errorResponse(c, 404, 'Not in demo mode.')))
  app.use('/openapi.json', compressAnswers())
  app.use('/docs/*', compressAnswers())
  app.route('/', openApiRoutes())
  app.route('/', parseQueryRoutes(guard))
  app.route(
    '/',
    mcpRoutes(guard, async (request) => app.fetch(request)),
  )
  if (parcels.mode === 'proxy') {
    const { proxy } = parcels
    app.route('/parcels', proxyRoutes(proxy.service, guard, { timeoutMs: proxy.timeoutMs }))
    app.route('/proxy', proxy.operatorRoutes)
    methodNotAllowed(app, { '/proxy/usage': ['GET'] })
    const none = 'Proxy mode has no parcels of its own: no tiles or coverage (draw results from the records).'
    app.all('/coverage', (c) => errorResponse(c, 404, none))
    app.all('/tiles/*', (c) => errorResponse(c, 404, none))
    app.all('/changes', (c) => errorResponse(c, 404, 'Proxy mode has no parcels of its own: no change log.'))
    // 501: the endpoint exists in Plat but not in this mode, which no key or body can change.
    const noWatches =
      'Watches are not available in proxy mode: the upstream parcel API keeps no change log for them to read (docs/watches.md).'
    app.all('/watches', (c) => errorResponse(c, 501, noWatches))
    app.all('/watches/*', (c) => errorResponse(c, 501, noWatches))
  } else {
    app.route('/parcels', parcelRoutes(parcels.repo, guard))
    if (tilesArchive.file) app.route('/', archiveRoutes(tilesArchive.file, guard))
    const tiles = advertiseArchive(parcels.tiles, tilesArchive.url)
    app.route('/', tileRoutes(tiles, guard, { publicCoverage: Boolean(staticDir) && coverageInPage }))
    app.route('/', changesRoutes(parcels.changes, guard))
    app.route('/', watchRoutes(parcels.watches, guard))
  }
  methodNotAllowed(app, {
    '/parcels/area': ['POST'],
    '/parcels/query': ['POST'],
    '/parcels/point': ['GET'],
    '/parcels/address': ['GET'],
    '/tiles/parcels/:z/:x/:y': ['GET'],
    '/coverage': ['GET'],
    '/changes': ['GET'],
    '/watches': ['GET', 'POST'],
    '/watches/:id': ['GET', 'PATCH', 'DELETE'],
    '/watches/:id/events': ['GET'],
    '/watches/:id/deliveries': ['GET'],
    '/watches/feed/:secret': ['GET'],
    '/parse-query': ['GET'],
    '/healthz': ['GET'],
    '/readyz': ['GET'],
    '/demo-key': ['GET'],
    '/openapi.json': ['GET'],
    '/docs': ['GET'],
  })
  // /proxy/* too: in local mode /proxy/usage is not an endpoint, and the app's page is not its answer.
  for (const prefix of ['/parcels/*', '/tiles/*', '/proxy/*']) {
    app.all(prefix, (c) => errorResponse(c, 404, `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`))
  }
  if (staticDir) {
    app.use('*', async (c, next) => {
      await next()
      if (c.res.status !== 200) return
      // Hashed file names change with their content: cache them for good; the page itself is revalidated.
      const immutable = new URL(c.req.url).pathname.startsWith('/assets/')
      c.res.headers.set('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    })
    const pageCoverage =
      coverageInPage && parcels.mode === 'local' ? advertiseArchive(parcels.tiles, tilesArchive.url).coverage : null
    const page = indexPage(staticDir, pageCoverage)
    app.get('/', page)
    app.get('/index.html', page)
    app.use('*', serveStatic({ root: staticDir, precompressed: true }))
    app.get('*', spaFallback(page))
  }
  app.notFound((c) => errorResponse(c, 404, 'Not found.'))
  app.onError(errorAnswer)
  return app
}
