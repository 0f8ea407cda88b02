/**
 * Setup file of the `unit` and `component` test projects (vitest.config.ts): a test that reaches
 * the network by accident fails, by name, instead of passing slowly on a connected machine and
 * failing on one without. Component tests fake the network at `fetch` (a stub or an injected
 * fetch), so there any real fetch is a mistake; unit tests may call servers they start themselves
 * on this machine, so there only an address beyond loopback is. The call is refused (the code under
 * test sees a network error) and the test fails in `afterEach` as well, so that code which catches
 * network errors cannot hide it. Tests that stub `fetch` are untouched: the guard is the real
 * `fetch` their stub replaces.
 */
import { afterEach } from 'vitest'

/** `none` in component tests, `loopback` in unit tests (set per project in vitest.config.ts). */
const allowed = process.env.TEST_NETWORK === 'loopback' ? 'loopback' : 'none'
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
const GUARD = Symbol.for('plat.test-network-guard')

interface GuardState {
  refused: string[]
}
type Guarded = typeof fetch & { [GUARD]?: GuardState }

const urlOf = (input: Parameters<typeof fetch>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

const permitted = (url: string): boolean => {
  if (allowed === 'none') return false
  try {
    return LOOPBACK.has(new URL(url).hostname)
  } catch {
    return false
  }
}

// With `isolate: false` one worker runs many files and this file again before each: wrap once.
const current = globalThis.fetch as Guarded
const state: GuardState = current[GUARD] ?? { refused: [] }
if (!current[GUARD]) {
  const real = current
  const guarded: Guarded = Object.assign(
    (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
      const url = urlOf(input)
      if (permitted(url)) return real(input, init)
      state.refused.push(url)
      return Promise.reject(new TypeError(`network call refused in a test: ${url}`))
    },
    { [GUARD]: state },
  )
  globalThis.fetch = guarded
}

afterEach(() => {
  if (state.refused.length === 0) return
  const urls = state.refused.splice(0)
  const where = allowed === 'none' ? 'component tests fake the network' : 'unit tests may only call loopback'
  throw new Error(
    `This test made ${urls.length} real network call(s) (${where}; stub fetch or inject one):\n  ${urls.join('\n  ')}`,
  )
})
