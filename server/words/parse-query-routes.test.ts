import { describe, expect, it } from 'vitest'
import type { KeyGuard } from '../auth/key-guard'
import { parseQueryRoutes } from './parse-query-routes'

/** A guard that lets "Bearer ok" in for free and counts charges (there must be none). */
function fakeGuard() {
  const seen = { free: 0, charged: 0 }
  const guard = Object.assign(
    async () => {
      seen.charged++
      return { ok: false as const, status: 403 as const, detail: 'charged' }
    },
    {
      free: async (header: string | undefined) => {
        seen.free++
        return header === 'Bearer ok'
          ? { ok: true as const, key: {} as never, used: 0 }
          : { ok: false as const, status: 401 as const, detail: 'no key' }
      },
    },
  ) as unknown as KeyGuard
  return { guard, seen }
}

const ask = async (app: ReturnType<typeof parseQueryRoutes>, q: string | null, auth = 'Bearer ok') => {
  const res = await app.request(q === null ? '/parse-query' : `/parse-query?q=${encodeURIComponent(q)}`, {
    headers: { authorization: auth },
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('GET /parse-query (handler)', () => {
  it('answers the parse with the scope rows, their spans and the link; checks the key, charges nothing', async () => {
    const { guard, seen } = fakeGuard()
    const app = parseQueryRoutes(guard)
    const res = await ask(app, 'almonds over 40 acres in Fresno County colour by crop')
    expect(res.status).toBe(200)
    expect(res.body.filters).toEqual([
      { field: 'cdl_majority_category', op: 'eq', value: 'Almonds' },
      { field: 'acres', op: 'gt', value: 40 },
      { field: 'state_fp', op: 'eq', value: '06' },
      { field: 'county_fp', op: 'eq', value: '019' },
    ])
    expect((res.body.spans as unknown[]).length).toBe(4)
    expect(res.body.link).toBe(
      '/?m=d&f=cdl_majority_category:eq:sAlmonds~acres:gt:40~state_fp:eq:s06~county_fp:eq:s019&t=crop&v=1',
    )
    expect(seen).toEqual({ free: 1, charged: 0 })
    expect((await ask(app, 'corn', 'Bearer nope')).status).toBe(401)
  })

  it('a missing q is 422; hostile text is a 200 with the words in unknown', async () => {
    const app = parseQueryRoutes(fakeGuard().guard)
    expect((await ask(app, null)).status).toBe(422)
    const res = await ask(app, '\u0000\u0007 zxq blorf')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      filters: [],
      scope: null,
      unknown: [expect.objectContaining({ text: 'zxq blorf' })],
    })
    expect((await ask(app, 'x '.repeat(6000))).status).toBe(200)
  })
})
