import type { Env, Hono } from 'hono'
import { errorResponse } from '../http-kit/responses'

/**
 * For each known path, any method it does not serve is answered 405 with an `Allow` header (RFC 9110
 * §15.5.6), not 404: the path exists. Register after the real routes.
 */
export function methodNotAllowed<E extends Env>(app: Hono<E>, routes: Record<string, readonly string[]>): void {
  for (const [path, methods] of Object.entries(routes)) {
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ')
    app.all(path, (c) => {
      c.header('allow', allow)
      return errorResponse(c, 405, `${c.req.method} is not allowed on ${path}; use ${methods.join(' or ')}.`)
    })
  }
}
