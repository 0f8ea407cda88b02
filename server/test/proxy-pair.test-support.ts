/**
 * A proxy-mode server in front of an upstream, for the proxy's API tests, on the project's backend:
 * the upstream is either a second instance of our own server (with a records-unit key for the
 * proxy, as hosted APIs bill) or any URL (a fault-injecting fake). Every response a test receives
 * from the proxy is kept, so a test can scan all of them for the upstream key.
 */
import type { Database } from '../db/database'
import type { Backend } from './context'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { makeKey } from './prepared-data'
import { type SpawnedServer, spawnServer } from './spawn-server'

export interface Sent {
  status: number
  text: string
  body: unknown
  headers: Headers
}

export interface ProxyKeys {
  /** every endpoint, no limit */
  caller: string
  /** records unit, CALLER_RECORDS a month */
  records: string
  /** may read /proxy/usage */
  operator: string
  /** valid, but its plan has the query endpoint only */
  queryOnly: string
}

export const CALLER_RECORDS = 30

export interface ProxyServer {
  server: SpawnedServer
  own: IsolatedBackend<ProxyKeys>
  keys: ProxyKeys
  /** Every response received from this proxy so far. */
  received: Sent[]
  send(path: string, opts?: SendOptions): Promise<Sent>
  stop(): Promise<void>
}

export interface SendOptions {
  key?: string | null
  /** JSON-encoded unless `raw` */
  body?: unknown
  raw?: string
  /** sent as X-Request-Id: the proxy reuses it and forwards it upstream, so upstream logs show it */
  id?: string
  method?: string
}

export async function send(baseUrl: string, path: string, opts: SendOptions = {}): Promise<Sent> {
  const headers: Record<string, string> = {}
  if (opts.key) headers.authorization = `Bearer ${opts.key}`
  if (opts.id) headers['x-request-id'] = opts.id
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${baseUrl}${path}`, {
    method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(60_000),
  })
  const text = await res.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: res.status, text, body: parsed, headers: res.headers }
}

/** The monthly records allowance of the upstream's limited key for the proxy. */
const UPSTREAM_LIMITED_RECORDS = 30

const createUpstreamKeys = async (db: Database) => ({
  unlimited: await makeKey(db, { name: 'proxy-upstream', quotaUnit: 'records' }),
  limited: await makeKey(db, {
    name: 'proxy-upstream-limited',
    quotaUnit: 'records',
    monthlyLimit: UPSTREAM_LIMITED_RECORDS,
  }),
  direct: await makeKey(db, { name: 'direct' }),
})

/**
 * Our own server as the hosted API, with a records-unit key for the proxy (and its request log on):
 * `limited` gives the proxy the key with UPSTREAM_LIMITED_RECORDS a month.
 */
export async function startUpstream(backend: Backend, proxyKey: 'unlimited' | 'limited' = 'unlimited') {
  const own = await isolatedBackend(
    backend,
    { LOG_REQUESTS: 'on' },
    { keys: { name: 'upstream', create: createUpstreamKeys } },
  )
  const upstreamKey = own.keys[proxyKey]
  const { direct } = own.keys
  const server = await spawnServer(own.env)
  return {
    server,
    upstreamKey,
    /** A key of the upstream's own, for asking it directly what the proxy should answer. */
    direct,
    /** Request log lines of the upstream that carry `id` as their request id. */
    linesOf: (id: string) =>
      server
        .output()
        .split('\n')
        .filter((l) => l.startsWith(`${id} `)),
    async stop() {
      await server.stop()
      await own.cleanup()
    },
  }
}

const createProxyKeys = async (db: Database): Promise<ProxyKeys> => ({
  caller: await makeKey(db, { name: 'caller' }),
  records: await makeKey(db, { name: 'records', quotaUnit: 'records', monthlyLimit: CALLER_RECORDS }),
  operator: await makeKey(db, { name: 'operator', operator: true }),
  queryOnly: await makeKey(db, { name: 'query-only', endpoints: ['query'] }),
})

export async function startProxy(
  backend: Backend,
  upstream: { url: string; key: string },
  extra: NodeJS.ProcessEnv = {},
): Promise<ProxyServer> {
  const own = await isolatedBackend(
    backend,
    { UPSTREAM_URL: upstream.url, UPSTREAM_API_KEY: upstream.key, LOG_REQUESTS: 'on', ...extra },
    { keys: { name: 'proxy', create: createProxyKeys } },
  )
  const keys = own.keys
  const server = await spawnServer(own.env)
  const received: Sent[] = []
  return {
    server,
    own,
    keys,
    received,
    async send(path, opts = {}) {
      const res = await send(server.baseUrl, path, { key: keys.caller, ...opts })
      received.push(res)
      return res
    },
    async stop() {
      await server.stop()
    },
  }
}

/** Every place the upstream key could leak to a client: status line aside, all headers and the body. */
export function leaksOf(responses: readonly Sent[], secret: string): string[] {
  const found: string[] = []
  for (const r of responses) {
    for (const [name, value] of r.headers) if (value.includes(secret)) found.push(`header ${name} of a ${r.status}`)
    if (r.text.includes(secret)) found.push(`body of a ${r.status}: ${r.text.slice(0, 200)}`)
  }
  return found
}
