/**
 * A request id on every answer and log line, so a user's report of a 500 can be found in the log;
 * what the log may hold is decided here once (no keys, query strings or bodies).
 */
import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'

export type RequestVars = { Variables: { requestId: string } }

/** An id a caller (or a proxy in front of us) sent is reused when it is short and plain; else ours. */
const GOOD_ID = /^[A-Za-z0-9._:-]{1,64}$/

export const requestIdOf = (c: Context): string => (c.get('requestId') as string | undefined) ?? '-'

/**
 * Gives every request an id (echoed as X-Request-Id, written on its log line and in a 500's detail)
 * and, when LOG_REQUESTS=on, logs method, path, status and time. Never headers (they carry the key),
 * never query strings (an address is personal data) and never bodies.
 */
export function requestLog(enabled: boolean): MiddlewareHandler<RequestVars> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const id = incoming && GOOD_ID.test(incoming) ? incoming : randomUUID()
    c.set('requestId', id)
    const t0 = performance.now()
    await next()
    c.res.headers.set('x-request-id', id)
    if (!enabled) return
    const gone = c.req.raw.signal.aborted ? ' (client went away)' : ''
    console.log(
      `${id} ${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms${gone}`,
    )
  }
}
