import { describe, expect, it } from 'vitest'
import { hashKey, newKeyValue, parseBearer } from './api-key'

const KEY = `plat_${'A1b2C3d4E5'.repeat(4)}`

describe('parseBearer', () => {
  it('reads a well-formed key, whatever the case of the scheme and spaces around it', () => {
    expect(parseBearer(`Bearer ${KEY}`)).toEqual({ ok: true, key: KEY })
    expect(parseBearer(`bearer   ${KEY}  `)).toEqual({ ok: true, key: KEY })
  })

  it('says what is wrong: no header, not a bearer header, not a Plat key', () => {
    expect(parseBearer(undefined)).toEqual({
      ok: false,
      reason: 'Missing API key: send the header "Authorization: Bearer <API_KEY>".',
    })
    expect(parseBearer('')).toMatchObject({ ok: false, reason: expect.stringMatching(/^Missing API key/) })
    const header = { ok: false, reason: 'Malformed Authorization header: expected "Bearer <API_KEY>".' }
    expect(parseBearer(`Basic ${KEY}`)).toEqual(header)
    expect(parseBearer(`Bearer ${KEY} extra`)).toEqual(header)
    expect(parseBearer('Bearer')).toEqual(header)
    const key = { ok: false, reason: 'Malformed API key.' }
    expect(parseBearer(`Bearer ${KEY.slice(0, -1)}`)).toEqual(key) // 39 characters after the prefix
    expect(parseBearer(`Bearer ${KEY}x`)).toEqual(key) // 41
    expect(parseBearer(`Bearer ${KEY.replace('plat_', 'PLAT_')}`)).toEqual(key)
    expect(parseBearer(`Bearer ${KEY.slice(0, -1)}-`)).toEqual(key)
  })
})

describe('newKeyValue', () => {
  it('makes keys parseBearer accepts, never the same twice', () => {
    const a = newKeyValue()
    const b = newKeyValue()
    expect(a).toMatch(/^plat_[A-Za-z0-9]{40}$/)
    expect(parseBearer(`Bearer ${a}`)).toEqual({ ok: true, key: a })
    expect(a).not.toBe(b)
  })
})

describe('hashKey', () => {
  it('is the SHA-256 hex digest (FIPS 180-2 test vector for "abc")', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
