import type { Context } from 'hono'
import {
  DatabaseBusyError,
  DatabaseUnavailableError,
  describeDbError,
  QueryCancelledError,
  QueryTimeoutError,
} from '../db/db-errors'
import { requestIdOf } from '../http-kit/request-log'
import { errorResponse } from '../http-kit/responses'

/**
 * Maps what went wrong under a request to an answer. A request that ran too long or met a full
 * queue is told so (503, never a 500); a client that hung up gets nothing logged; anything else is
 * a bug: logged with the request id (never the SQL parameters or the body) and answered 500.
 */
export function errorAnswer(err: unknown, c: Context): Response {
  if (err instanceof QueryTimeoutError) {
    const seconds = (err.timeoutMs / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })
    return errorResponse(
      c,
      503,
      `This request was too expensive: it ran longer than ${seconds} s and was stopped. Ask for less — a smaller area, more selective filters — and try again.`,
    )
  }
  if (err instanceof DatabaseBusyError) {
    c.header('retry-after', String(err.retryAfterSeconds))
    return errorResponse(c, 503, `The server is busy; try again in ${err.retryAfterSeconds} s.`)
  }
  if (err instanceof DatabaseUnavailableError) {
    c.header('retry-after', '5')
    return errorResponse(c, 503, 'The database is unavailable (it may be restarting); try again in a few seconds.')
  }
  if (err instanceof QueryCancelledError || c.req.raw.signal.aborted) {
    // Nobody is listening; the status only shows in the request log.
    return errorResponse(c, 503, 'The request was cancelled.')
  }
  console.error(`${requestIdOf(c)} ${c.req.method} ${new URL(c.req.url).pathname} failed: ${describeDbError(err)}`)
  if (err instanceof Error && err.stack) console.error(err.stack.split('\n').slice(1, 8).join('\n'))
  return errorResponse(c, 500, `Internal server error (request id ${requestIdOf(c)}).`)
}
