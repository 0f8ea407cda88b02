import type { Context } from 'hono'
import { Hono } from 'hono'
import { checkAreaRequest } from '../../contract/area-rules'
import { toValidationIssues } from '../../contract/errors'
import { AREA_MAX_IDS } from '../../contract/limits'
import { checkQueryRequest } from '../../contract/query-rules'
import { AddressQuerySchema, PointQuerySchema } from '../../contract/schemas'
import { guarded, type Outcome } from '../auth/guarded'
import type { KeyGuard } from '../auth/key-guard'
import type { ParcelsRepo } from '../db/parcels-repo'
import { readJsonBody } from '../http-kit/read-json-body'
import { errorResponse, jsonTextResponse, validationResponse } from '../http-kit/responses'

const fail = (response: Response): Outcome => ({ response, records: 0 })

async function jsonBody(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; outcome: Outcome }> {
  const body = await readJsonBody(c)
  if (body.ok) return body
  if (body.status === 413) return { ok: false, outcome: fail(errorResponse(c, 413, body.detail)) }
  return { ok: false, outcome: fail(validationResponse(c, [{ loc: ['body'], msg: body.msg, type: 'json_invalid' }])) }
}

export function parcelRoutes(repo: ParcelsRepo, guard: KeyGuard) {
  const app = new Hono()

  app.post(
    '/area',
    guarded(guard, 'area', async (c) => {
      const body = await jsonBody(c)
      if (!body.ok) return body.outcome
      const area = checkAreaRequest(body.value)
      if (!area.ok) return fail(validationResponse(c, area.issues))
      const ids = await repo.idsInArea(area.polygons, AREA_MAX_IDS, { signal: c.req.raw.signal })
      if (ids.length > AREA_MAX_IDS) {
        const msg = `The area covers more than ${AREA_MAX_IDS} parcels; draw a smaller area or split it.`
        return fail(errorResponse(c, 400, msg))
      }
      // Identifiers are not records: the records quota unit does not count them.
      return { response: c.json({ svc_uuids: ids }), records: 0 }
    }),
  )

  app.post(
    '/query',
    guarded(guard, 'query', async (c) => {
      const body = await jsonBody(c)
      if (!body.ok) return body.outcome
      const check = checkQueryRequest(body.value)
      if (!check.ok) {
        return fail(check.status === 422 ? validationResponse(c, check.detail) : errorResponse(c, 400, check.detail))
      }
      const q = check.query
      const page = await repo.query(q, { signal: c.req.raw.signal })
      const response = jsonTextResponse(c, { count: page.count, limit: q.limit, offset: q.offset }, page.records)
      return { response, records: page.records.length }
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
