/**
 * Loopback load tests with autocannon: one endpoint at a fixed number of connections for a few
 * seconds, optionally while a heavy area search runs in a loop beside it (the request a single user
 * can make that costs the database most).
 */
import autocannon from 'autocannon'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  /** Answers other than 2xx, errors and timeouts together. */
  failed: number
  total: number
}

export interface LoadSpec {
  url: string
  key: string
  connections: number
  seconds: number
  /** Next request: method, path and (for POST) body; called once per request. */
  next(): { method: 'GET' | 'POST'; path: string; body?: string }
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const headers = { authorization: `Bearer ${spec.key}`, 'content-type': 'application/json', 'accept-encoding': 'br' }
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          const n = spec.next()
          return { ...req, method: n.method, path: n.path, body: n.body, headers }
        },
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  }
}

/** Runs `send` back to back until `stop` resolves; returns how many ran and how long each took. */
export async function loopUntil(stop: Promise<unknown>, send: () => Promise<unknown>): Promise<number[]> {
  let done = false
  void stop.then(() => {
    done = true
  })
  const times: number[] = []
  while (!done) {
    const t0 = performance.now()
    await send().catch(() => {})
    times.push(performance.now() - t0)
  }
  return times
}
