/**
 * Which unknown paths get the app's page (issue 39: every unknown path got it, so a hashed chunk
 * missing after a deploy came back 200 `text/html` with the assets' year-long immutable
 * Cache-Control, and a browser or shared cache behind two instances on different builds kept HTML
 * as JavaScript for a year). The page answers navigations to client routes only; a file (anything
 * under /assets/ or with an extension) or a sub-resource fetch that is missing is a 404 nobody
 * stores.
 */
import type { Context } from 'hono'
import { errorResponse } from '../http-kit/responses'

/** A request the app's page may answer: a client route, as a navigation (or a client that does not say). */
export function isPageRequest(path: string, fetchMode: string | undefined): boolean {
  if (path.startsWith('/assets/')) return false
  const last = path.slice(path.lastIndexOf('/') + 1)
  if (last.includes('.')) return false
  return fetchMode === undefined || fetchMode === 'navigate'
}

/** The page for navigations, else a 404 that is never cached. */
export function spaFallback(page: (c: Context) => Promise<Response>) {
  return (c: Context) => {
    if (isPageRequest(c.req.path, c.req.header('sec-fetch-mode'))) return page(c)
    c.header('cache-control', 'no-store')
    return errorResponse(c, 404, 'Not found.')
  }
}
