import { describe, expect, it } from 'vitest'
import { REDACTED, redactor } from './redact'
import { answerOf } from './upstream-answer'
import type { UpstreamResult } from './upstream-client'

const KEY = 'up_Secret/Key+9'
const redact = redactor(KEY)
const answer = (status: number, body: string, more: Partial<UpstreamResult> = {}): UpstreamResult =>
  ({ kind: 'answer', status, text: body, retryAfter: null, location: null, ...more }) as UpstreamResult
const detailOf = (body: string) => (JSON.parse(body) as { detail: unknown }).detail

describe('upstream answers passed through', () => {
  it('a 200 of the spec’s shape passes as is, counts its records and may be cached', () => {
    const body = '{"results":[{"svc_uuid":"a"},{"svc_uuid":"b"}],"count":7,"limit":2,"offset":0}'
    expect(answerOf('query', answer(200, body), redact)).toMatchObject({
      status: 200,
      body,
      records: 2,
      cacheable: true,
      problem: null,
    })
    expect(answerOf('area', answer(200, '{"svc_uuids":["a","b"]}'), redact)).toMatchObject({ records: 0 })
  })

  it('400, 413 and 422 keep their status and body (detail shapes intact)', () => {
    const v422 = '{"detail":[{"loc":["body","filters",0,"value"],"msg":"bad","type":"x"}]}'
    for (const [status, body] of [
      [400, '{"detail":"filters[0]: unknown field \'nope\'"}'],
      [413, '{"detail":"too large"}'],
      [422, v422],
    ] as const) {
      expect(answerOf('query', answer(status, body), redact)).toMatchObject({ status, body, cacheable: false })
    }
  })

  it('a 200 the spec would not allow is a 502, never cached', () => {
    for (const body of ['<html>ok</html>', '{"count":1}', '{"results":"x"}']) {
      const a = answerOf('query', answer(200, body), redact)
      expect(a).toMatchObject({ status: 502, cacheable: false })
      expect(detailOf(a.body)).toMatch(/does not understand/)
    }
    expect(answerOf('area', answer(200, '{"svc_uuids":[1]}'), redact).status).toBe(502)
  })
})

describe("the server's problems are said to be the server's", () => {
  it.each([401, 403])('upstream %i → 502 for the operator, not the caller’s key', (status) => {
    const a = answerOf('query', answer(status, '{"detail":"Invalid API key."}'), redact)
    expect(a.status).toBe(502)
    expect(detailOf(a.body)).toMatch(/UPSTREAM_API_KEY/)
    expect(detailOf(a.body)).toMatch(/Your API key is fine/)
    expect(a.problem).toMatch(/refused UPSTREAM_API_KEY/)
  })

  it('upstream 429 → 429 naming the upstream allowance; a plain Retry-After is kept, anything else dropped', () => {
    const a = answerOf('query', answer(429, '{"detail":"Monthly limit"}', { retryAfter: '3600' }), redact)
    expect(a.status).toBe(429)
    expect(detailOf(a.body)).toMatch(/hosted parcel API's allowance for this server is used up/)
    expect(detailOf(a.body)).toMatch(/not your key's allowance/)
    expect(a.retryAfter).toBe('3600')
    const odd = answerOf('query', answer(429, '{}', { retryAfter: 'soon\r\nx-evil: 1' }), redact)
    expect(odd.retryAfter).toBeNull()
  })

  it('5xx → 502 quoting the upstream; 404/405 and redirects point at the configuration', () => {
    const e500 = answerOf('query', answer(500, '{"detail":"Internal error"}'), redact)
    expect(e500.status).toBe(502)
    expect(detailOf(e500.body)).toMatch(/HTTP 500: "Internal error"/)
    for (const status of [404, 405]) {
      expect(detailOf(answerOf('point', answer(status, '{"detail":"Not Found"}'), redact).body)).toMatch(
        /UPSTREAM_PREFIX/,
      )
    }
    const moved = answerOf('query', answer(308, '', { location: 'https://new.example/parcels/query' }), redact)
    expect(moved.status).toBe(502)
    expect(moved.problem).toContain('https://new.example/parcels/query')
  })

  it('timeouts → 504, a broken connection or an unreachable upstream → 502, each with a detail', () => {
    expect(answerOf('query', { kind: 'timeout', afterMs: 30_000 }, redact)).toMatchObject({ status: 504 })
    expect(detailOf(answerOf('query', { kind: 'timeout', afterMs: 1500 }, redact).body)).toMatch(/within 1.5 s/)
    expect(answerOf('query', { kind: 'broken', reason: 'other side closed' }, redact)).toMatchObject({ status: 502 })
    const down = answerOf('query', { kind: 'unreachable', reason: 'connect ECONNREFUSED', attempts: 3 }, redact)
    expect(down).toMatchObject({ status: 502, cacheable: false })
    expect(down.body).not.toContain('ECONNREFUSED')
    expect(down.problem).toContain('ECONNREFUSED')
  })
})

describe('the upstream key never passes through', () => {
  it('an upstream that echoes the key (plain, JSON-escaped or percent-encoded) has it blanked', () => {
    const echoes = [
      `{"detail":"bad key ${KEY}"}`,
      `{"detail":${JSON.stringify(`header: Bearer ${KEY}`)}}`,
      `{"detail":"see ?key=${encodeURIComponent(KEY)}"}`,
    ]
    for (const status of [400, 401, 429, 500]) {
      for (const body of echoes) {
        const a = answerOf('query', answer(status, body), redact)
        for (const text of [a.body, a.problem ?? '']) {
          expect(text).not.toContain(KEY)
          expect(text).not.toContain(encodeURIComponent(KEY))
        }
        expect(a.body).toContain(REDACTED)
      }
    }
  })
})
