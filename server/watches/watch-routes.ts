/**
 * `/watches` (docs/watches.md): any valid, active key, never charged — watches run on the server's
 * change log, not on the key's allowance. A body is checked before the database is asked: malformed
 * JSON or a field out of its limits is 422 with its `loc`; an id the key does not hold is 404.
 */
import { type Context, Hono } from 'hono'
import { areaCheckSteps } from '../../contract/area-rules'
import { toValidationIssues, type ValidationIssue } from '../../contract/errors'
import { checkFieldAndOperator, checkFilterValue } from '../../contract/query-rules'
import {
  AreaWatchInputSchema,
  OwnerWatchInputSchema,
  ParcelsWatchInputSchema,
  WATCH_LIMITS,
  WatchPatchSchema,
} from '../../contract/watches/watch-schemas'
import type { KeyGuard } from '../auth/key-guard'
import { readJsonBody } from '../http-kit/read-json-body'
import { errorResponse, validationResponse } from '../http-kit/responses'
import { runInSlices } from '../http-kit/run-in-slices'
import { toWatch } from './watch-answer'
import { watchFeed } from './watch-feed'
import type { NewWatch, WatchesRepo } from './watches-repo'
import { refusedLiteralTarget } from './webhook-target'

const KINDS = ['parcels', 'owner', 'area'] as const
const FEED_SECRET = /^[A-Za-z0-9_-]{32}$/
/** Entries a feed lists: the latest events; readers poll, so older ones have been read. */
const FEED_ENTRIES = 200
const bodyIssue = (msg: string, loc: (string | number)[] = ['body']): ValidationIssue[] => [
  { loc, msg, type: 'value_error' },
]

/** The body as a new watch of one kind, or what is wrong with it. */
async function readNewWatch(
  body: unknown,
): Promise<{ ok: true; watch: NewWatch } | { ok: false; issues: ValidationIssue[] }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, issues: bodyIssue('a JSON object: { "name", and one of "parcels", "owner" or "area" }') }
  const kinds = KINDS.filter((k) => k in body)
  if (kinds.length !== 1)
    return {
      ok: false,
      issues: bodyIssue(
        kinds.length ? `give one of ${kinds.join(', ')}, not several` : 'give one of "parcels", "owner" or "area"',
      ),
    }
  const kind = kinds[0]!
  const schema = { parcels: ParcelsWatchInputSchema, owner: OwnerWatchInputSchema, area: AreaWatchInputSchema }[kind]
  const parsed = schema.safeParse(body, { reportInput: true })
  if (!parsed.success) return { ok: false, issues: toValidationIssues('body', parsed.error.issues) }
  if (kind !== 'area') return { ok: true, watch: { ...parsed.data, kind } as NewWatch }
  const input = AreaWatchInputSchema.parse(body)
  const area = await runInSlices(areaCheckSteps(input.area))
  if (!area.ok)
    return { ok: false, issues: area.issues.map((i) => ({ ...i, loc: ['body', 'area', ...i.loc.slice(1)] })) }
  // The area is the filters' scope: no state or county filter is needed beside it (spec rule 3).
  for (const [index, filter] of input.filters.entries()) {
    const field = checkFieldAndOperator(filter)
    if (field) return { ok: false, issues: bodyIssue(field, ['body', 'filters', index]) }
    const value = checkFilterValue(filter)
    if (value) return { ok: false, issues: bodyIssue(value, ['body', 'filters', index, 'value']) }
  }
  return { ok: true, watch: { ...input, area: { ...area.value }, kind: 'area' } }
}

const NO_SMTP =
  'This server sends no e-mail (its SMTP_URL is not set); use webhook_url, the feed or GET /watches/{id}/events.'

/** A webhook address that is refused whatever its name resolves to later (webhook-target.ts). */
const webhookIssues = (url: string | null | undefined, allowPrivate: boolean): ValidationIssue[] => {
  const refused = url ? refusedLiteralTarget(url, allowPrivate) : null
  return refused ? bodyIssue(refused, ['body', 'webhook_url']) : []
}

const unknown = (c: Context, id: string) =>
  errorResponse(c, 404, `No watch "${id}" for this key (GET /watches lists the key's watches).`)

export function watchRoutes(repo: WatchesRepo, guard: KeyGuard) {
  const app = new Hono()
  const keyOf = async (c: Context) => {
    const check = await guard.free(c.req.header('authorization'), null, c.req.raw.signal)
    return check.ok
      ? { ok: true as const, id: check.key.id }
      : { ok: false as const, res: errorResponse(c, check.status, check.detail) }
  }
  const origin = (c: Context) => new URL(c.req.url).origin

  // No bearer key: the secret in the address is the key (watch-feed.ts). Registered before /watches/:id.
  app.get('/watches/feed/:secret', async (c) => {
    const secret = c.req.param('secret')
    const row = FEED_SECRET.test(secret) ? await repo.bySecret(secret) : null
    if (!row)
      return errorResponse(c, 404, 'No watch feed at this address (GET /watches/{id} gives a watch’s feed_url).')
    const events = await repo.latestEvents(row.id, FEED_ENTRIES)
    const xml = watchFeed(row, events, { origin: origin(c), self: new URL(c.req.url).href })
    return c.body(xml, 200, { 'content-type': 'application/atom+xml; charset=utf-8' })
  })
  app.post('/watches', async (c) => {
    const key = await keyOf(c)
    if (!key.ok) return key.res
    const body = await readJsonBody(c)
    if (!body.ok) {
      if (body.status === 413) return errorResponse(c, 413, body.detail)
      return validationResponse(c, bodyIssue(body.msg))
    }
    const input = await readNewWatch(body.value)
    if (!input.ok) return validationResponse(c, input.issues)
    if (input.watch.email && !repo.canEmail) return validationResponse(c, bodyIssue(NO_SMTP, ['body', 'email']))
    const hook = webhookIssues(input.watch.webhook_url, repo.privateWebhooks)
    if (hook.length) return validationResponse(c, hook)
    const made = await repo.create(key.id, input.watch, origin(c))
    if (!made.ok) return errorResponse(c, made.status, made.detail)
    c.header('location', `/watches/${made.row.id}`)
    return c.json(toWatch(made.row, origin(c), { withSecret: true }), 201)
  })
  app.get('/watches', async (c) => {
    const key = await keyOf(c)
    if (!key.ok) return key.res
    const rows = await repo.list(key.id)
    return c.json({ watches: rows.map((r) => toWatch(r, origin(c))) })
  })
  app.get('/watches/:id', async (c) => {
    const key = await keyOf(c)
    if (!key.ok) return key.res
    const row = await repo.get(key.id, c.req.param('id'))
    return row ? c.json(toWatch(row, origin(c))) : unknown(c, c.req.param('id'))
  })
  app.patch('/watches/:id', async (c) => {
    const key = await keyOf(c)
    if (!key.ok) return key.res
    const body = await readJsonBody(c)
    if (!body.ok)
      return body.status === 413 ? errorResponse(c, 413, body.detail) : validationResponse(c, bodyIssue(body.msg))
    const patch = WatchPatchSchema.safeParse(body.value, { reportInput: true })
    if (!patch.success) return validationResponse(c, toValidationIssues('body', patch.error.issues))
    if ((patch.data.email || patch.data.email_enabled) && !repo.canEmail)
      return validationResponse(c, bodyIssue(NO_SMTP, ['body', 'email']))
    const hook = webhookIssues(patch.data.webhook_url, repo.privateWebhooks)
    if (hook.length) return validationResponse(c, hook)
    const row = await repo.update(key.id, c.req.param('id'), patch.data)
    if (!row) return unknown(c, c.req.param('id'))
    return c.json(toWatch(row, origin(c), { withSecret: Boolean(patch.data.webhook_url) }))
  })
  app.delete('/watches/:id', async (c) => {
    const key = await keyOf(c)
    if (!key.ok) return key.res
    return (await repo.remove(key.id, c.req.param('id'))) ? c.body(null, 204) : unknown(c, c.req.param('id'))
  })
  app.get('/watches/:id/events', async (c) => {
    const key = await keyOf(c)
    if (!key.ok) return key.res
    const problems: ValidationIssue[] = []
    const int = (name: string, min: number, max: number, fallback: number) => {
      const v = c.req.query(name)
      if (v === undefined) return fallback
      if (/^\d{1,16}$/.test(v) && Number(v) >= min && Number(v) <= max) return Number(v)
      problems.push({ loc: ['query', name], msg: `a whole number from ${min} to ${max}`, type: 'value_error' })
      return fallback
    }
    const since = int('since', 0, Number.MAX_SAFE_INTEGER, 0)
    const limit = int('limit', 1, WATCH_LIMITS.eventsPage, WATCH_LIMITS.eventsPage)
    if (problems.length) return validationResponse(c, problems)
    const row = await repo.get(key.id, c.req.param('id'))
    if (!row) return unknown(c, c.req.param('id'))
    const events = await repo.events(row.id, { since, limit: limit + 1 })
    const page = events.slice(0, limit)
    return c.json({ events: page, next: events.length > limit ? page.at(-1)!.id : null })
  })
  app.get('/watches/:id/deliveries', async (c) => {
    const key = await keyOf(c)
    if (!key.ok) return key.res
    const row = await repo.get(key.id, c.req.param('id'))
    if (!row) return unknown(c, c.req.param('id'))
    return c.json({ deliveries: await repo.deliveries(row.id) })
  })
  return app
}
