/**
 * `GET /changes?since=<version>[&state=XX][&county=FIPS][&bbox=w,s,e,n][&id=UUID][&limit=N][&after=ID]`
 * (docs/api.md "What changed on reload"): any valid, active key, never charged, like /coverage. The
 * query is checked before the database is asked: a malformed parameter is 422 with its `loc`, a
 * well-formed version the log does not know is 400 naming the current one.
 */
import { Hono } from 'hono'
import { CHANGES_PAGE, DATA_VERSION_PATTERN } from '../../contract/changes'
import type { ValidationIssue } from '../../contract/errors'
import { US_STATES } from '../../contract/us-states'
import type { KeyGuard } from '../auth/key-guard'
import { errorResponse, validationResponse } from '../http-kit/responses'
import type { ChangesQuery, ChangesService } from './changes-service'

const issue = (name: string, msg: string): ValidationIssue => ({ loc: ['query', name], msg, type: 'value_error' })
const UUIDISH = /^[A-Za-z0-9_-]{1,64}$/

/** The query's parameters as a ChangesQuery, or the problems with them. */
function readChangesQuery(q: (name: string) => string | undefined): ChangesQuery | ValidationIssue[] {
  const problems: ValidationIssue[] = []
  const since = q('since')
  if (since === undefined) problems.push(issue('since', 'required: a data version, as GET /coverage reports it'))
  else if (!DATA_VERSION_PATTERN.test(since))
    problems.push(issue('since', 'not a data version (letters, digits, - and _; at most 64)'))
  const state = q('state')
  const stateFp = state === undefined ? undefined : US_STATES.find((s) => s.abbr === state.toUpperCase())?.fips
  if (state !== undefined && !stateFp) problems.push(issue('state', 'a two-letter state abbreviation, e.g. IA'))
  const county = q('county')
  let countyFp: string | undefined
  if (county !== undefined) {
    if (/^\d{5}$/.test(county) && (!stateFp || county.startsWith(stateFp))) countyFp = county.slice(2)
    else if (/^\d{3}$/.test(county) && stateFp) countyFp = county
    else problems.push(issue('county', 'a county FIPS code: three digits with state=XX, or all five digits'))
  }
  const bboxText = q('bbox')
  let bbox: ChangesQuery['bbox']
  if (bboxText !== undefined) {
    const n = bboxText.split(',').map((x) => (/^-?\d{1,3}(\.\d+)?$/.test(x) ? Number(x) : Number.NaN))
    const [w, s, e, north] = n
    if (
      n.length === 4 &&
      n.every(Number.isFinite) &&
      w! <= e! &&
      s! <= north! &&
      Math.abs(w!) <= 180 &&
      Math.abs(e!) <= 180 &&
      Math.abs(s!) <= 90 &&
      Math.abs(north!) <= 90
    )
      bbox = [w!, s!, e!, north!]
    else problems.push(issue('bbox', 'west,south,east,north in degrees, west ≤ east and south ≤ north'))
  }
  const id = q('id')
  if (id !== undefined && !UUIDISH.test(id)) problems.push(issue('id', 'a parcel id (svc_uuid)'))
  const int = (name: string, min: number, max: number, fallback: number) => {
    const v = q(name)
    if (v === undefined) return fallback
    if (/^\d{1,16}$/.test(v) && Number(v) >= min && Number(v) <= max) return Number(v)
    problems.push(issue(name, `a whole number from ${min} to ${max}`))
    return fallback
  }
  const limit = int('limit', 1, CHANGES_PAGE.max, CHANGES_PAGE.default)
  const after = int('after', 0, Number.MAX_SAFE_INTEGER, 0)
  if (problems.length) return problems
  return { since: since!, stateFp, countyFp, bbox, id, limit, after }
}

export function changesRoutes(service: ChangesService, guard: KeyGuard) {
  const app = new Hono()
  app.get('/changes', async (c) => {
    const check = await guard.free(c.req.header('authorization'), null, c.req.raw.signal)
    if (!check.ok) return errorResponse(c, check.status, check.detail)
    const query = readChangesQuery((name) => c.req.query(name))
    if (Array.isArray(query)) return validationResponse(c, query)
    const answer = await service.changes(query, c.req.raw.signal)
    if (!answer.ok) {
      return errorResponse(
        c,
        400,
        `Unknown data version "${query.since}": the change log does not reach back to it (it starts with the first load this server logged). The current version is "${answer.version}" (GET /coverage).`,
      )
    }
    return c.json(answer.body)
  })
  return app
}
