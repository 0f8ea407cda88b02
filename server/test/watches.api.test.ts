/**
 * Parcel Watch (issue 41) over HTTP on the project's backend: a county loaded with the real CLI,
 * watches of each kind made, a next-year file with known changes reloaded, and the events asserted
 * exactly — the watched parcels' changes and nothing else — then the same reload again, which adds
 * none. Also: one key never sees another's watches, the routes' errors, and no charge.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DOMParser, type Element } from '@xmldom/xmldom'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  type Watch,
  type WatchEvent,
  WatchEventsResponseSchema,
  WatchSchema,
} from '../../contract/watches/watch-schemas'
import {
  box,
  cell,
  H,
  LOTS_MAPPING,
  type Lot,
  lots,
  lotsGeoJson,
  reloaded,
  W,
} from '../load/reload-fixture.test-support'
import {
  type MailReceiver,
  type Received,
  startMailReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
  waitFor,
} from '../watches/delivery-receivers.test-support'
import { collection, rect } from './geo'
import { type LoaderBackend, loadCli, loaderBackend, startServer } from './loader-harness.test-support'
import type { SpawnedServer } from './spawn-server'

const backendName = inject('backend')
const ATOM = 'http://www.w3.org/2005/Atom'
const COUNTY = ['--state', 'IA', '--county-fp', '169', '--county', 'Story']
/** Fast retries, so a failing receiver is disabled within the test (docs/watches.md "Delivery settings"). */
/** Fast retries, and receivers on this machine (127.0.0.1) allowed. */
const DELIVERY_ENV = {
  WATCH_RETRY_MS: '200',
  WATCH_MAX_FAILURES: '3',
  WATCH_POLL_MS: '100',
  WATCH_WEBHOOKS_PRIVATE: 'on',
}

/** The documented check (docs/watches.md "Verifying a delivery"). */
function signedBy(secret: string, r: Received): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`
  const given = String(r.headers['x-plat-signature'] ?? '')
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}

/**
 * The fixture's reload (2 new owners, 2 sold, lot 7 split, lots 20 and 21 gone, lot 12 revalued)
 * and what only watches tell: lot 13's land use changes class, lot 14 loses a tenth of its land,
 * lot 15's value rises 5 % (under the default share) and lot 16's falls out of the area's filter.
 */
function nextYear(): Lot[] {
  return reloaded().map((l) => {
    if (l.pin === 'P13') return { ...l, land_use: 'AGRICULTURAL - CROPLAND', land_use_code: 'A1' }
    if (l.pin === 'P14') {
      const { x, y } = cell(14)
      return { ...l, geom: box(x, y, x + W * 0.9, y + H) }
    }
    if (l.pin === 'P15') return { ...l, parcel_value: 210_016 }
    if (l.pin === 'P16') return { ...l, parcel_value: 100 }
    return l
  })
}

/** Rows 2 and 3 of the grid (lots 12–23), kept off the neighbouring rows' shared edges. */
function rowsTwoAndThree() {
  const { x, y } = cell(12)
  return collection(rect(x + W / 4, y + H / 4, x + 6 * W - W / 4, y + 2 * H - H / 4))
}

describe(`watches over a reload (${backendName})`, () => {
  let backend: LoaderBackend
  let server: SpawnedServer
  let key: string
  let other: string
  const ids = new Map<string, string>()
  const pins = new Map<string, string>()
  const made: Record<string, Watch> = {}
  let reloadOut = ''
  let hook: WebhookReceiver
  let failing: WebhookReceiver
  let hookSecret = ''
  let smtp: MailReceiver
  const file = () => join(backend.workDir, 'story-lots.geojson')
  const load = (extra: string[] = []) =>
    loadCli(backend, [file(), ...COUNTY, '--map', join(backend.workDir, 'map.json'), ...extra])
  const call = async <T = unknown>(method: string, path: string, body?: unknown, k: string | null = key) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { ...(k ? { authorization: `Bearer ${k}` } : {}), 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T }
  }
  const create = async (name: string, body: Record<string, unknown>, k = key) => {
    const res = await call<Watch>('POST', '/watches', { name, ...body }, k)
    expect(res.status, `${JSON.stringify(res.body)} ${server.output().slice(-3000)}`).toBe(201)
    made[name] = WatchSchema.parse(res.body)
    return made[name]
  }
  const events = async (w: Watch, k = key): Promise<WatchEvent[]> => {
    const res = await call('GET', `/watches/${w.id}/events`, undefined, k)
    expect(res.status).toBe(200)
    return WatchEventsResponseSchema.parse(res.body).events
  }
  /** "P10 sold" for each event, sorted: what a watch saw at a glance. */
  const told = (es: readonly WatchEvent[]) => es.map((e) => `${e.parcel_id} ${e.kind}`).sort()
  /** The embedded database is one process's at a time: the server stops while the loader runs. */
  const withLoader = async (run: () => ReturnType<typeof loadCli>) => {
    if (backend.name === 'embedded') await server.stop()
    const out = await run()
    expect(out.code, out.stderr).toBe(0)
    if (backend.name === 'embedded') server = await startServer(backend)
    return out.stdout
  }
  const reload = () => withLoader(() => load(['--replace']))

  beforeAll(async () => {
    const own = await loaderBackend(backendName)
    hook = await startWebhookReceiver(200)
    failing = await startWebhookReceiver(500)
    smtp = await startMailReceiver()
    backend = {
      ...own,
      env: { ...own.env, ...DELIVERY_ENV, SMTP_URL: smtp.url, WATCH_EMAIL_FROM: 'Plat <watch@plat.test>' },
    }
    writeFileSync(join(backend.workDir, 'map.json'), JSON.stringify(LOTS_MAPPING))
    writeFileSync(file(), lotsGeoJson(lots()))
    const first = await load()
    expect(first.code, first.stderr).toBe(0)
    key = backend.keys.full
    other = backend.keys.limited
    server = await startServer(backend)
    const res = await call<{ results: { svc_uuid: string; parcel_id: string }[] }>('POST', '/parcels/query', {
      filters: [{ field: 'county_fp', op: 'eq', value: '169' }],
      limit: 100,
    })
    for (const r of res.body.results) {
      ids.set(r.parcel_id, r.svc_uuid)
      pins.set(r.svc_uuid, r.parcel_id)
    }
    const of = (...ps: string[]) => ps.map((p) => ids.get(p)!)
    await create('lots', { parcels: of('P01', 'P03', 'P07', 'P10', 'P12', 'P13', 'P14', 'P15', 'P20') })
    await create('small moves', { parcels: of('P15'), value_share: 0.01 })
    await create('paused', { parcels: of('P01', 'P10') })
    expect((await call('PATCH', `/watches/${made.paused!.id}`, { paused: true })).status).toBe(200)
    await create('owners', { owner: 'owner 2', variants: ['Owner, 11'], states: ['ia'] })
    await create('elsewhere', { owner: 'OWNER 2', states: ['NE'] })
    await create('area', { area: rowsTwoAndThree(), filters: [{ field: 'parcel_value', op: 'gte', value: 200_015 }] })
    await create('theirs', { parcels: of('P01') }, other)
    hookSecret = (await create('hooked', { parcels: of('P01', 'P10'), webhook_url: hook.url })).webhook_secret!
    await create('failing hook', { parcels: of('P01'), webhook_url: failing.url })
    await create('mailed', { parcels: of('P10', 'P12'), email: 'owner@example.com' })
    writeFileSync(file(), lotsGeoJson(nextYear()))
    reloadOut = await reload()
  }, 600_000)

  afterAll(async () => {
    await hook?.close()
    await failing?.close()
    await smtp?.close()
    await server?.stop()
    await backend?.cleanup()
  }, 60_000)

  it('made each kind with a feed address, and an area watch counts its parcels', () => {
    expect(made.lots).toMatchObject({ kind: 'parcels', paused: false, value_share: 0.1 })
    // The embedded backend's server is restarted around each load, on another port: check the path.
    expect(made.lots!.feed_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/watches\/feed\/[A-Za-z0-9_-]{32}$/)
    expect(made.owners).toMatchObject({ kind: 'owner', owner: 'owner 2', variants: ['Owner, 11'], states: ['IA'] })
    expect(made.area).toMatchObject({ kind: 'area' })
    expect(reloadOut).toMatch(/changes +1 split, 2 removed, 2 sold, 2 new owners, 3 values changed, 1 boundary changed/)
  })

  it('a parcel watch tells each watched parcel’s changes, and nothing of the rest', async () => {
    const es = await events(made.lots!)
    expect(told(es)).toEqual([
      'P01 owner_changed',
      'P07 split_merged',
      'P10 owner_changed',
      'P10 sold',
      'P12 value_changed',
      'P13 land_use_changed',
      'P14 acreage_changed',
      'P20 removed',
    ])
    const byKind = (pin: string, kind: string) => es.find((e) => e.parcel_id === pin && e.kind === kind)!
    expect(byKind('P01', 'owner_changed')).toMatchObject({
      svc_uuid: ids.get('P01'),
      before: { owner: 'OWNER 1' },
      after: { owner: 'BUYER P01' },
      county: '19169',
    })
    expect(byKind('P10', 'sold')).toMatchObject({
      before: { sale_date: '2010-05-01', sale_price: 100_010 },
      after: { sale_date: '2024-03-15', sale_price: 450_000 },
    })
    expect(byKind('P12', 'value_changed')).toMatchObject({
      before: { parcel_value: 200_012 },
      after: { parcel_value: 999_999 },
    })
    expect(byKind('P13', 'land_use_changed')).toMatchObject({
      before: { land_use_class: 'residential' },
      after: { land_use_class: 'agricultural' },
    })
    const acreage = byKind('P14', 'acreage_changed')
    expect((acreage.after!.acres as number) / (acreage.before!.acres as number)).toBeCloseTo(0.9, 2)
    const split = byKind('P07', 'split_merged')
    expect(split.before).toEqual({ change: 'split', svc_uuids: [ids.get('P07')] })
    expect(split.after!.svc_uuids).toHaveLength(2)
    // Every event of one reload carries its data version and moment.
    expect(new Set(es.map((e) => e.data_version)).size).toBe(1)
    // The split lot is watched on under its successors.
    const now = WatchSchema.parse((await call('GET', `/watches/${made.lots!.id}`)).body)
    expect(now.parcels).toEqual(expect.arrayContaining(split.after!.svc_uuids as string[]))
    expect(now.parcels).not.toContain(ids.get('P07'))
  })

  it('a value change counts past the watch’s share; a paused watch hears nothing', async () => {
    expect(told(await events(made['small moves']!))).toEqual(['P15 value_changed'])
    expect(await events(made.paused!)).toEqual([])
  })

  it('an owner watch tells the parcels its owner had or has, in its states only', async () => {
    expect(told(await events(made.owners!))).toEqual(['P02 owner_changed', 'P11 owner_changed', 'P11 sold'])
    expect(await events(made.elsewhere!)).toEqual([])
  })

  it('an area watch tells parcels entering and leaving its set, and its parcels’ changes', async () => {
    expect(made.area).toMatchObject({ area_parcels: 9 })
    expect(told(await events(made.area!))).toEqual([
      'P12 entered_area',
      'P12 value_changed',
      'P16 left_area',
      'P16 value_changed',
      'P20 removed',
      'P21 removed',
    ])
  })

  it('POSTs each event once to the webhook, signed, within 5 s of the commit', async () => {
    expect(hookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    const shown = WatchSchema.parse((await call('GET', `/watches/${made.hooked!.id}`)).body)
    expect(shown).toMatchObject({ webhook_url: hook.url, webhook_disabled: null })
    expect(shown.webhook_secret).toBeUndefined()
    await waitFor('the webhook', () => hook.requests.length > 0)
    const [got] = hook.requests
    expect(signedBy(hookSecret, got!)).toBe(true)
    expect(signedBy('whsec_another', got!)).toBe(false)
    const body = JSON.parse(got!.body)
    const es = await events(made.hooked!)
    expect(told(es)).toEqual(['P01 owner_changed', 'P10 owner_changed', 'P10 sold'])
    expect(body).toMatchObject({
      type: 'watch.events',
      watch: { id: made.hooked!.id, name: 'hooked' },
      county: 'Story County, IA',
      data_version: es[0]!.data_version,
    })
    const withoutLink = ({ link: _, ...e }: WatchEvent & { link: string }) => e
    expect(body.events.map(withoutLink)).toEqual(es)
    expect(body.events[0].link).toMatch(/\/\?p=[^&]+&v=1$/)
    expect(got!.headers['x-plat-delivery']).toBe(String(body.delivery))
    expect(Number(got!.headers['x-plat-timestamp'])).toBe(Math.floor(Date.parse(body.sent_at) / 1000))
    // The event's moment is taken in the load's transaction, before its commit: an upper bound of the delay.
    const delay = got!.at - Date.parse(es[0]!.at)
    console.log(
      `watch delivery (${backendName}): receiver had the events ${delay} ms after the load's transaction began`,
    )
    expect(delay).toBeLessThan(5000)
    const log = await call<{ deliveries: unknown[] }>('GET', `/watches/${made.hooked!.id}/deliveries`)
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({
        delivery: body.delivery,
        channel: 'webhook',
        attempt: 1,
        ok: true,
        status: 200,
        events: 3,
      }),
    ])
  })

  it('retries a failing receiver with back-off, then disables the webhook; PATCH turns it on again', async () => {
    const id = made['failing hook']!.id
    const watch = async () => WatchSchema.parse((await call('GET', `/watches/${id}`)).body)
    await waitFor('the webhook to be disabled', async () => Boolean((await watch()).webhook_disabled))
    expect((await watch()).webhook_disabled!.reason).toMatch(
      /^3 deliveries in a row failed, the last: the receiver answered 500/,
    )
    expect(failing.requests).toHaveLength(3)
    const gaps = failing.requests.slice(1).map((r, i) => r.at - failing.requests[i]!.at)
    expect(gaps[0]).toBeGreaterThanOrEqual(190)
    expect(gaps[1]).toBeGreaterThanOrEqual(390)
    expect(new Set(failing.requests.map((r) => r.headers['x-plat-delivery'])).size).toBe(1)
    const log = await call<{ deliveries: { attempt: number; ok: boolean; status: number; error: string }[] }>(
      'GET',
      `/watches/${id}/deliveries`,
    )
    expect(log.body.deliveries.map((d) => [d.attempt, d.ok, d.status])).toEqual([
      [3, false, 500],
      [2, false, 500],
      [1, false, 500],
    ])
    expect(log.body.deliveries[0]!.error).toBe('the receiver answered 500 Internal Server Error')
    failing.status = 204
    const on = await call<Watch>('PATCH', `/watches/${id}`, { webhook_enabled: true })
    expect(on.body).toMatchObject({ webhook_disabled: null })
    // What was held back while it was off is delivered now.
    await waitFor('the held-back delivery', () => failing.requests.length === 4)
    await waitFor('its log entry', async () => {
      const d = await call<{ deliveries: { ok: boolean }[] }>('GET', `/watches/${id}/deliveries`)
      return d.body.deliveries[0]?.ok === true
    })
  })

  it('e-mails the events through the SMTP server, in words, with links to the parcels', async () => {
    await waitFor('the e-mail', () => smtp.mails.length > 0).catch(async (e: Error) => {
      const log = await call('GET', `/watches/${made.mailed!.id}/deliveries`)
      throw new Error(`${e.message}; deliveries: ${JSON.stringify(log.body)}; ${server.output().slice(-2000)}`)
    })
    expect(smtp.mails).toHaveLength(1)
    const mail = smtp.mails[0]!
    expect(mail.subject).toBe('Plat watch “mailed”: 3 changes in Story County, IA')
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : mail.to).toBe('owner@example.com')
    expect(mail.from?.value[0]).toMatchObject({ name: 'Plat', address: 'watch@plat.test' })
    const text = mail.text ?? ''
    for (const words of [
      'Parcel P10: new owner SOLD TO P10 (was OWNER 10)',
      'Parcel P10: sold 2024-03-15 for $450,000 (before: 2010-05-01, $100,010)',
      'Parcel P12: value $999,999 (was $200,012)',
      'before: parcel_value: 200012',
      'after: parcel_value: 999999',
    ])
      expect(text).toContain(words)
    expect(text).toContain(`/?p=${ids.get('P10')}&v=1`)
    expect(mail.html).toContain(`/?p=${ids.get('P12')}&amp;v=1`)
    const log = await call<{ deliveries: unknown[] }>('GET', `/watches/${made.mailed!.id}/deliveries`)
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ channel: 'email', attempt: 1, ok: true, status: null, error: null, events: 3 }),
    ])
  })

  it('the same reload again adds no event', async () => {
    const before = await Promise.all(Object.values(made).map((w) => events(w, w === made.theirs ? other : key)))
    await reload()
    const after = await Promise.all(Object.values(made).map((w) => events(w, w === made.theirs ? other : key)))
    expect(after).toEqual(before)
    await new Promise((r) => setTimeout(r, 500))
    expect(hook.requests).toHaveLength(1)
    expect(smtp.mails).toHaveLength(1)
  }, 600_000)

  it('one key never sees another’s watches', async () => {
    const theirs = made.theirs!
    expect(told(await events(theirs, other))).toEqual(['P01 owner_changed'])
    const mine = await call<{ watches: Watch[] }>('GET', '/watches')
    expect(mine.body.watches.map((w) => w.name)).not.toContain('theirs')
    const list = await call<{ watches: Watch[] }>('GET', '/watches', undefined, other)
    expect(list.body.watches.map((w) => w.name)).toEqual(['theirs'])
    for (const [method, path, body] of [
      ['GET', `/watches/${theirs.id}`],
      ['GET', `/watches/${theirs.id}/events`],
      ['PATCH', `/watches/${theirs.id}`, { name: 'mine now' }],
      ['DELETE', `/watches/${theirs.id}`],
    ] as const) {
      const res = await call<{ detail: string }>(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body.detail).toContain(theirs.id)
    }
    // The key allowed two requests a month made and read its watch many times: none was charged.
    const query = { filters: [{ field: 'county_fp', op: 'eq', value: '169' }], limit: 1 }
    expect((await call('POST', '/parcels/query', query, other)).status).toBe(200)
  })

  it('renames, pauses and deletes; pages events', async () => {
    const renamed = await call<Watch>('PATCH', `/watches/${made['small moves']!.id}`, { name: 'Lot 15' })
    expect(renamed.body).toMatchObject({ name: 'Lot 15', paused: false })
    const page = await call<{ events: WatchEvent[]; next: number | null }>(
      'GET',
      `/watches/${made.lots!.id}/events?limit=3`,
    )
    expect(page.body.events).toHaveLength(3)
    const rest = await call<{ events: WatchEvent[]; next: number | null }>(
      'GET',
      `/watches/${made.lots!.id}/events?since=${page.body.next}`,
    )
    expect(rest.body).toMatchObject({ next: null })
    expect(rest.body.events).toHaveLength(5)
    expect((await call('DELETE', `/watches/${made.elsewhere!.id}`)).status).toBe(204)
    expect((await call('GET', `/watches/${made.elsewhere!.id}`)).status).toBe(404)
  })

  it('serves each watch’s events as an Atom feed at its secret address, no key needed', async () => {
    const res = await fetch(`${server.baseUrl}${new URL(made.lots!.feed_url).pathname}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const errors: string[] = []
    const doc = new DOMParser({
      onError: (level, msg) => void (level !== 'warning' && errors.push(msg)),
    }).parseFromString(await res.text(), 'text/xml')
    expect(errors).toEqual([])
    const feed = doc.documentElement!
    expect(feed.localName).toBe('feed')
    expect(feed.namespaceURI).toBe(ATOM)
    const kids = (el: Element, name: string) =>
      Array.from(el.childNodes).filter(
        (n): n is Element =>
          n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === ATOM,
      )
    const one = (el: Element, name: string) => {
      const found = kids(el, name)
      expect(found, name).toHaveLength(1)
      return found[0]!
    }
    // RFC 4287 §4.1.1: a feed has exactly one id, title and updated, and an author unless every entry has one.
    for (const name of ['id', 'title', 'updated', 'author']) one(feed, name)
    expect(one(feed, 'title').textContent).toBe('Plat watch: lots')
    const entries = kids(feed, 'entry')
    expect(entries).toHaveLength(8)
    for (const entry of entries) {
      for (const name of ['id', 'title', 'updated']) one(entry, name)
      expect(Number.isNaN(Date.parse(one(entry, 'updated').textContent!))).toBe(false)
      expect(kids(entry, 'link').length).toBeGreaterThan(0)
    }
    const titles = entries.map((e) => one(e, 'title').textContent)
    expect(titles).toContain('Parcel P10: sold 2024-03-15 for $450,000 (before: 2010-05-01, $100,010)')
    expect(titles).toContain('Parcel P01: new owner BUYER P01 (was OWNER 1)')
    expect(new Set(entries.map((e) => one(e, 'id').textContent)).size).toBe(8)
    expect((await fetch(`${server.baseUrl}/watches/feed/${'x'.repeat(32)}`)).status).toBe(404)
    expect((await fetch(`${server.baseUrl}/watches/feed/short`)).status).toBe(404)
  })

  it('refuses bad input with a clear 4xx', async () => {
    const problem = async (body: unknown, status = 422) => {
      const res = await call<{ detail: unknown }>('POST', '/watches', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      return JSON.stringify(res.body.detail)
    }
    expect(await problem('{not json')).toContain('body')
    expect(await problem({ name: 'x' })).toContain('one of')
    expect(await problem({ name: 'x', parcels: ['a'], owner: 'b', states: ['IA'] })).toContain('not several')
    expect(await problem({ name: 'x', parcels: Array.from({ length: 1001 }, (_, i) => `id${i}`) })).toContain('parcels')
    expect(await problem({ name: 'x', owner: 'SMITH' })).toContain('states')
    expect(await problem({ name: 'x', owner: 'SMITH', states: ['Iowa'] })).toContain('two-letter')
    expect(await problem({ name: 'x', area: { type: 'FeatureCollection', features: [] } })).toContain('area')
    expect(
      await problem({ name: 'x', area: rowsTwoAndThree(), filters: [{ field: 'nope', op: 'eq', value: 1 }] }),
    ).toContain('nope')
    expect((await call('PATCH', `/watches/${made.lots!.id}`, { colour: 'red' })).status).toBe(422)
    expect(await problem({ name: 'x', parcels: ['a'], webhook_url: 'ftp://example.com/x' })).toContain('http://')
    expect(await problem({ name: 'x', parcels: ['a'], email: 'nobody' })).toContain('an e-mail address')
    expect(await problem({ name: 'x', parcels: ['a'], webhook_url: 'https://u:p@example.com/x' })).toContain(
      'user name',
    )
    expect((await call('GET', `/watches/${made.lots!.id}/events?since=-1`)).status).toBe(422)
    expect((await call('GET', '/watches/w_nope')).status).toBe(404)
    expect((await call('GET', '/watches', undefined, null)).status).toBe(401)
    expect((await call('GET', '/watches', undefined, backend.keys.inactive)).status).toBe(403)
    expect((await call('PUT', '/watches')).status).toBe(405)
  })

  // Last: the county is gone after it.
  it('a county deleted by the loader tells each watched parcel it was removed, and delivers that', async () => {
    const seen = (await events(made.lots!)).length
    const watched = WatchSchema.parse((await call('GET', `/watches/${made.lots!.id}`)).body).parcels!
    await withLoader(() => loadCli(backend, ['--delete', 'IA', '169']))
    const added = (await events(made.lots!)).slice(seen)
    expect(added.map((e) => e.kind)).toEqual(added.map(() => 'removed'))
    // P20 went at the reload; every other watched parcel, the split lot's successors too, goes now.
    expect(added.map((e) => e.svc_uuid).sort()).toEqual(watched.filter((id) => id !== ids.get('P20')).sort())
    expect(added.find((e) => e.parcel_id === 'P10')).toMatchObject({ before: { owner: 'SOLD TO P10' }, after: null })
    await waitFor('the webhook of the delete', () => hook.requests.length === 2)
    expect(told(JSON.parse(hook.requests[1]!.body).events)).toEqual(['P01 removed', 'P10 removed'])
  }, 600_000)
})
