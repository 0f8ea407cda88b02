/**
 * The spec's parcel endpoints (`POST /parcels/area`, `/parcels/query`, point and address lookups):
 * bodies checked against the contract, answers in the spec's error shapes, and area searches limited
 * per key so one user's tabs cannot starve everyone else.
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { areaCheckSteps } from '../../contract/area-rules'
import { toValidationIssues } from '../../contract/errors'
import { AREA_MAX_IDS, MAX_BODY_BYTES } from '../../contract/limits'
import { checkQueryRequest } from '../../contract/query-rules'
import { AddressQuerySchema, type ParsedQueryRequest, PointQuerySchema } from '../../contract/schemas'
import { guarded, type Outcome } from '../auth/guarded'
import type { KeyGuard } from '../auth/key-guard'
import { AREA_MAX_CANDIDATES, AreaTooExpensiveError } from '../db/area-search'
import { keyedSlots } from '../db/keyed-slots'
import type { ParcelsRepo } from '../db/parcels-repo'
import { readJsonBody } from '../http-kit/read-json-body'
import { errorResponse, jsonTextResponse, validationResponse } from '../http-kit/responses'
import { runInSlices } from '../http-kit/run-in-slices'
import { vagueAddress } from './address-cost'
import { byteBudget, QUERY_BODY_BUDGET } from './body-budget'
import { isHeavyQuery, overCapList } from './query-cost'

const fail = (response: Response): Outcome => ({ response, records: 0 })

async function jsonBody(
  c: Context,
  read?: (bytes: number) => void,
): Promise<{ ok: true; value: unknown } | { ok: false; outcome: Outcome }> {
  const body = await readJsonBody(c)
  read?.(body.ok ? body.bytes : body.status === 413 ? MAX_BODY_BYTES : 0)
  if (body.ok) return body
  if (body.status === 413) return { ok: false, outcome: fail(errorResponse(c, 413, body.detail)) }
  return { ok: false, outcome: fail(validationResponse(c, [{ loc: ['body'], msg: body.msg, type: 'json_invalid' }])) }
}

/**
 * Area searches one key may run at once in this process, and how many more may wait for them; the
 * rest are answered 503 with Retry-After (issue 19; docs/running-a-server.md "Running it for real"). The app sends one
 * area call per search, so two cover a user with a couple of tabs.
 */
export const AREA_SEARCHES_PER_KEY = { running: 2, waiting: 4 }
const AREA_RETRY_AFTER_S = 2
/**
 * Heavy query pages (query-cost.ts) one key may run at once, and how many more may wait. More wait
 * than for areas: the app's comps send their long id lists as several pages at once.
 */
const HEAVY_QUERIES_PER_KEY = { running: 2, waiting: 16 }

export function parcelRoutes(repo: ParcelsRepo, guard: KeyGuard) {
  const app = new Hono()
  const areaSlots = keyedSlots(AREA_SEARCHES_PER_KEY)
  const heavyQuerySlots = keyedSlots(HEAVY_QUERIES_PER_KEY)
  const queryBytes = byteBudget(QUERY_BODY_BUDGET)

  async function searchArea(c: Context, owner: string): Promise<Outcome> {
    const body = await jsonBody(c)
    if (!body.ok) return body.outcome
    const area = await runInSlices(areaCheckSteps(body.value))
    if (!area.ok) return fail(validationResponse(c, area.issues))
    let ids: string[]
    try {
      ids = await repo.idsInArea(area.polygons, AREA_MAX_IDS, { signal: c.req.raw.signal, heavyFor: owner })
    } catch (e) {
      if (!(e instanceof AreaTooExpensiveError)) throw e
      const about = (Math.round(e.candidates / 1000) * 1000).toLocaleString('en-US')
      const msg = `The area is too expensive to search: its shapes' outlines take in about ${about} parcels (at most ${AREA_MAX_CANDIDATES.toLocaleString('en-US')}, counting a parcel once per shape). Merge overlapping shapes or draw a smaller area.`
      return fail(errorResponse(c, 400, msg))
    }
    if (ids.length > AREA_MAX_IDS) {
      const msg = `The area covers more than ${AREA_MAX_IDS} parcels; draw a smaller area or split it.`
      return fail(errorResponse(c, 400, msg))
    }
    // Identifiers are not records: the records quota unit does not count them.
    return { response: c.json({ svc_uuids: ids }), records: 0 }
  }

  app.post(
    '/area',
    guarded(guard, 'area', async (c, key) => {
      // The key's slot first, before its body is read and checked: a refused request costs nothing.
      const slot = await areaSlots.acquire(key.id, c.req.raw.signal)
      if (!slot) {
        // 503, not 429: the spec's 429 is the monthly allowance (the app shows it as such and stops),
        // while this passes in a second or two and the app retries 5xx by itself.
        c.header('retry-after', String(AREA_RETRY_AFTER_S))
        const { running, waiting } = AREA_SEARCHES_PER_KEY
        const msg = `This API key already has ${running} area searches running and ${waiting} waiting on this server; try again in ${AREA_RETRY_AFTER_S} s.`
        return fail(errorResponse(c, 503, msg))
      }
      try {
        return await searchArea(c, key.id)
      } finally {
        slot()
      }
    }),
  )

  /** One page of a checked query; `heavyFor` (the key's id) sends it down the heavy lane. */
  async function queryPage(c: Context, q: ParsedQueryRequest, heavyFor?: string): Promise<Outcome> {
    const page = await repo.query(q, { signal: c.req.raw.signal, heavyFor })
    const response = jsonTextResponse(c, { count: page.count, limit: q.limit, offset: q.offset }, page.records)
    return { response, records: page.records.length }
  }

  app.post(
    '/query',
    guarded(guard, 'query', async (c, key) => {
      // The key's body bytes first, before the body is read and parsed (body-budget.ts).
      const length = c.req.header('content-length')
      const declared = length !== undefined && /^\d+$/.test(length) ? Number(length) : null
      // A body declared over MAX_BODY_BYTES is refused 413 unread: it costs the key nothing.
      const admitted = queryBytes.admit(key.id, declared !== null && declared > MAX_BODY_BYTES ? 0 : declared)
      if (!admitted.ok) {
        c.header('retry-after', String(admitted.retryAfterS))
        const { perSecond } = QUERY_BODY_BUDGET
        const msg = `This API key has sent more query bodies than this server reads per key (${(perSecond / 1024 / 1024).toFixed(0)} MiB/s after a burst); try again in ${admitted.retryAfterS} s.`
        return fail(errorResponse(c, 503, msg))
      }
      const body = await jsonBody(c, declared === null ? (bytes) => queryBytes.charge(key.id, bytes) : undefined)
      if (!body.ok) return body.outcome
      const overCap = overCapList(body.value)
      if (overCap) return fail(validationResponse(c, [overCap]))
      const check = checkQueryRequest(body.value)
      if (!check.ok) {
        return fail(check.status === 422 ? validationResponse(c, check.detail) : errorResponse(c, 400, check.detail))
      }
      const q = check.query
      if (!isHeavyQuery(q.filters)) return queryPage(c, q)
      const slot = await heavyQuerySlots.acquire(key.id, c.req.raw.signal)
      if (!slot) {
        c.header('retry-after', String(AREA_RETRY_AFTER_S))
        const { running, waiting } = HEAVY_QUERIES_PER_KEY
        const msg = `This API key already has ${running} queries with long value lists running and ${waiting} waiting on this server; try again in ${AREA_RETRY_AFTER_S} s.`
        return fail(errorResponse(c, 503, msg))
      }
      try {
        return await queryPage(c, q, key.id)
      } finally {
        slot()
      }
    }),
  )

  app.get(
    '/point',
    guarded(guard, 'point', async (c) => {
      const parsed = PointQuerySchema.safeParse(c.req.query(), { reportInput: true })
      if (!parsed.success) return fail(validationResponse(c, toValidationIssues('query', parsed.error.issues)))
      const { lon, lat, limit, include_buildings } = parsed.data
      const records = await repo.atPoint(lon, lat, limit, include_buildings, { signal: c.req.raw.signal })
      return { response: jsonTextResponse(c, { count: records.length }, records), records: records.length }
    }),
  )

  app.get(
    '/address',
    guarded(guard, 'address', async (c) => {
      const parsed = AddressQuerySchema.safeParse(c.req.query(), { reportInput: true })
      if (!parsed.success) return fail(validationResponse(c, toValidationIssues('query', parsed.error.issues)))
      const q = parsed.data
      const vague = vagueAddress(q.address)
      if (vague) return fail(validationResponse(c, [vague]))
      const records = await repo.byAddress(
        q.address,
        { limit: q.limit, state: q.state, countyFp: q.county_fp, includeBuildings: q.include_buildings },
        { signal: c.req.raw.signal },
      )
      return { response: jsonTextResponse(c, { count: records.length }, records), records: records.length }
    }),
  )

  return app
}
