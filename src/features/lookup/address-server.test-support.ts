/**
 * A fake GET /parcels/address at the fetch boundary, for component tests. "nowhere" matches
 * nothing, "fail 500" answers a server error, anything else three parcels titled after the text.
 * `hold()` keeps answers back until `release()`, to see what the box shows while one is on its way.
 */
export interface FakeAddressServer {
  fetch: typeof fetch
  /** The `address` parameter of each call, in order. */
  calls: string[]
  /** The Authorization header of each call. */
  keys: (string | null)[]
  hold(): void
  release(): void
}

export function fakeAddressServer(): FakeAddressServer {
  let held: (() => void)[] | null = null
  const server: FakeAddressServer = {
    calls: [],
    keys: [],
    hold() {
      held = []
    },
    release() {
      const waiting = held ?? []
      held = null
      for (const go of waiting) go()
    },
    async fetch(input, init) {
      const url = new URL(String(input), 'http://app.test')
      if (url.pathname !== '/parcels/address') throw new Error(`unexpected call ${url.pathname}`)
      const address = url.searchParams.get('address') ?? ''
      server.calls.push(address)
      server.keys.push(new Headers(init?.headers).get('authorization'))
      if (held) await new Promise<void>((go) => held?.push(go))
      if (address === 'fail 500') return json(500, { detail: 'database unavailable' })
      const results =
        address === 'nowhere'
          ? []
          : [1, 2, 3].map((n) => ({
              svc_uuid: `${address}-${n}`,
              situs: `${n}00 ${address.toUpperCase()}`,
              owner: `OWNER ${n}`,
              city: 'AMES',
              county: 'Story',
              state: 'IA',
            }))
      return json(200, { results, count: results.length })
    },
  }
  return server
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}
