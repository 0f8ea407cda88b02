/**
 * The one wrapper every counted route goes through, so no handler can forget the key check or the
 * settling of usage (the spec's 401/403/429 before any body is read; only 2xx answers cost).
 */
import type { Context } from 'hono'
import type { Endpoint } from '../db/key-plans'
import type { StoredKey } from '../db/keys-repo'
import { errorResponse } from '../http-kit/responses'
import type { KeyGuard } from './key-guard'

/** What a handler produced: the response, and how many records it returns (for the records quota). */
export interface Outcome {
  response: Response
  records: number
}

/**
 * Runs the key check before the handler reads anything (so a caller without a valid key learns
 * nothing about the schema), then settles usage by the outcome: only 2xx answers are charged.
 */
export function guarded(
  guard: KeyGuard,
  endpoint: Endpoint,
  handler: (c: Context, key: StoredKey) => Promise<Outcome>,
) {
  return async (c: Context): Promise<Response> => {
    const check = await guard(c.req.header('authorization'), endpoint, c.req.raw.signal)
    if (!check.ok) return errorResponse(c, check.status, check.detail)
    let outcome: Outcome
    try {
      outcome = await handler(c, check.key)
    } catch (e) {
      await check.release({ success: false, records: 0 })
      throw e
    }
    const success = outcome.response.status >= 200 && outcome.response.status < 300
    const settled = await check.release({ success, records: outcome.records })
    if (!settled.ok) return errorResponse(c, settled.status, settled.detail)
    return outcome.response
  }
}
