import { describe, expect, it } from 'vitest'
import {
  ApiError,
  apiErrorFromResponse,
  describeIssue,
  filterIndexFromDetail,
  kindForStatus,
  networkError,
  redact,
} from './api-error'

const KEY = 'plat_abcdefghijklmnopqrstuvwxyz0123456789ABCD'

describe('ApiError mapping', () => {
  it.each([
    [400, 'invalid'],
    [401, 'auth'],
    [403, 'forbidden'],
    [404, 'invalid'],
    [413, 'too-large'],
    [422, 'validation'],
    [429, 'quota'],
    [500, 'server'],
    [503, 'server'],
  ] as const)('%i → %s', (status, kind) => {
    expect(kindForStatus(status)).toBe(kind)
    expect(apiErrorFromResponse(status, { detail: 'why' }, KEY).kind).toBe(kind)
  })

  it('422 keeps the issues and takes filterIndex from loc ["body","filters",i,…]', () => {
    const e = apiErrorFromResponse(
      422,
      { detail: [{ loc: ['body', 'filters', 3, 'value'], msg: "'between' takes an array", type: 'value_error' }] },
      KEY,
    )
    expect(e).toBeInstanceOf(ApiError)
    expect(e.issues).toHaveLength(1)
    expect(e.filterIndex).toBe(3)
    expect(e.message).toBe("filters[3].value: 'between' takes an array")
  })

  it('422 elsewhere in the body has no filterIndex', () => {
    const e = apiErrorFromResponse(422, { detail: [{ loc: ['body', 'limit'], msg: 'too big', type: 'too_big' }] }, KEY)
    expect(e.filterIndex).toBeUndefined()
    expect(describeIssue({ loc: ['query', 'lat'], msg: 'm', type: 't' })).toBe('lat: m')
  })

  it('400 "filters[i]: …" (the contract format) gives filterIndex', () => {
    const e = apiErrorFromResponse(400, { detail: "filters[2]: unknown field 'acre'" }, KEY)
    expect(e.filterIndex).toBe(2)
    expect(e.message).toBe("filters[2]: unknown field 'acre'")
    expect(filterIndexFromDetail("order: unknown field 'x'")).toBeUndefined()
  })

  it('a non-JSON error body still maps by status', () => {
    const e = apiErrorFromResponse(502, undefined, KEY)
    expect(e).toMatchObject({ kind: 'server', status: 502, detail: 'HTTP 502' })
  })

  it('429 says the monthly allowance is exhausted', () => {
    expect(apiErrorFromResponse(429, { detail: 'Monthly request limit exceeded' }, KEY).message).toMatch(
      /monthly.*allowance/i,
    )
  })
})

describe('the API key never appears in an error', () => {
  it('is scrubbed from details, issue messages and network errors', () => {
    const echoed = apiErrorFromResponse(401, { detail: `Unknown key ${KEY}` }, KEY)
    const issue = apiErrorFromResponse(422, { detail: [{ loc: ['body'], msg: `bad ${KEY}`, type: 'x' }] }, KEY)
    const net = networkError(new TypeError(`fetch failed: Bearer ${KEY}`), KEY)
    for (const e of [echoed, issue, net]) {
      expect(e.message).not.toContain(KEY)
      expect(e.detail).not.toContain(KEY)
      expect(JSON.stringify(e)).not.toContain(KEY)
      expect(String(e)).not.toContain(KEY)
    }
  })

  it('scrubs bearer-shaped credentials even when the key is unknown', () => {
    expect(redact('Authorization: Bearer secret123', '')).toBe('Authorization: Bearer [redacted]')
    expect(redact(`x ${KEY} y`, '')).toBe('x [redacted] y')
  })
})
