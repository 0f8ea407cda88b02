import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'

const KEY = 'hosted-key-value'

describe('proxy mode configuration', () => {
  it('is off by default and when the variables are empty', () => {
    expect(loadConfig({}).UPSTREAM_URL).toBeUndefined()
    expect(loadConfig({ UPSTREAM_URL: '', UPSTREAM_API_KEY: '' }).UPSTREAM_URL).toBeUndefined()
  })

  it('takes the URL and key together, with the documented defaults', () => {
    const c = loadConfig({ UPSTREAM_URL: 'https://api.example.com/v2', UPSTREAM_API_KEY: KEY })
    expect(c).toMatchObject({
      UPSTREAM_URL: 'https://api.example.com/v2',
      UPSTREAM_PREFIX: '/parcels',
      UPSTREAM_CACHE_TTL_HOURS: 168,
      UPSTREAM_CACHE_MAX_MB: 1024,
      UPSTREAM_TIMEOUT_MS: 30_000,
    })
    expect(
      loadConfig({ UPSTREAM_URL: 'http://x', UPSTREAM_API_KEY: KEY, UPSTREAM_PREFIX: '/properties/' }),
    ).toMatchObject({ UPSTREAM_PREFIX: '/properties' })
  })

  it('refuses one without the other, credentials in the URL, and keys with spaces — never echoing the key', () => {
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env)
      } catch (e) {
        return (e as Error).message
      }
      throw new Error('accepted')
    }
    expect(refused({ UPSTREAM_URL: 'https://api.example.com' })).toMatch(/UPSTREAM_API_KEY: .*set together/)
    expect(refused({ UPSTREAM_API_KEY: KEY })).toMatch(/set together/)
    expect(refused({ UPSTREAM_URL: `https://user:${KEY}@api.example.com`, UPSTREAM_API_KEY: KEY })).toMatch(
      /UPSTREAM_URL: an http\(s\) URL without credentials/,
    )
    expect(refused({ UPSTREAM_URL: 'ftp://api.example.com', UPSTREAM_API_KEY: KEY })).toMatch(/UPSTREAM_URL/)
    const spaced = refused({ UPSTREAM_URL: 'https://api.example.com', UPSTREAM_API_KEY: `${KEY} x` })
    expect(spaced).toMatch(/UPSTREAM_API_KEY/)
    expect(spaced).not.toContain(KEY)
  })
})
