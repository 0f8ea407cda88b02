import { describe, expect, it } from 'vitest'
import { isPageRequest } from './spa-fallback'

describe('which unknown paths get the app page', () => {
  it('client routes, navigated to or asked for by a client that sends no fetch mode', () => {
    expect(isPageRequest('/map', undefined)).toBe(true)
    expect(isPageRequest('/share/abc', 'navigate')).toBe(true)
  })

  it('never a file: anything under /assets/, or a name with an extension', () => {
    expect(isPageRequest('/assets/index-OLD1234.js', 'navigate')).toBe(false)
    expect(isPageRequest('/assets/fonts', undefined)).toBe(false)
    expect(isPageRequest('/favicon-old.png', undefined)).toBe(false)
    expect(isPageRequest('/v1.2/thing.json', 'navigate')).toBe(false)
  })

  it('never a sub-resource fetch (a script, a fetch(), a worker)', () => {
    expect(isPageRequest('/map', 'cors')).toBe(false)
    expect(isPageRequest('/map', 'no-cors')).toBe(false)
    expect(isPageRequest('/map', 'same-origin')).toBe(false)
  })
})
