import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import type { KeyGuard } from '../auth/key-guard'
import type { ParcelsRepo } from '../db/parcels-repo'
import { parcelRoutes } from './parcel-routes'
import { errorResponse } from './responses'

export interface AppDeps {
  repo: ParcelsRepo
  guard: KeyGuard
  /** The demo key, served to the SPA in demo mode so a fresh clone works without setup. */
  demoKey: string | null
  staticDir: string | null
  logRequests: boolean
}

export function createApp({ repo, guard, demoKey, staticDir, logRequests }: AppDeps) {
  const app = new Hono()
  if (logRequests) {
    app.use('*', async (c, next) => {
      const t0 = performance.now()
      await next()
      // Never log headers: they carry the key.
      console.log(
        `${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms`,
      )
    })
  }
  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.get('/demo-key', (c) => (demoKey ? c.json({ key: demoKey }) : errorResponse(c, 404, 'Not in demo mode.')))
  app.route('/parcels', parcelRoutes(repo, guard))
  app.all('/parcels/*', (c) =>
    errorResponse(c, 404, `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`),
  )
  if (staticDir) {
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable')
    })
    app.use('*', serveStatic({ root: staticDir }))
    app.get('*', serveStatic({ root: staticDir, path: 'index.html' }))
  }
  app.notFound((c) => errorResponse(c, 404, 'Not found.'))
  app.onError((err, c) => {
    console.error('unhandled error', err)
    return errorResponse(c, 500, 'Internal server error.')
  })
  return app
}
