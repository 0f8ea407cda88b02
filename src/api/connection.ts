/**
 * Where the API lives and the key to call it with. Its own tiny store, apart from the app store,
 * because the app store is mirrored into the URL and the key must never be. In memory by default;
 * copied to sessionStorage only while the user ticks "remember" (DESIGN.md: one home for the key).
 */
import { useStore } from 'zustand'
import { config } from '../config/config'
import { createSettingsStore, type SettingsState } from '../config/settings-store'

/** What a fetch function needs. `fetch` is injectable for tests. */
export interface Connection {
  baseUrl: string
  apiKey: string
  fetch?: typeof fetch
}

export interface ConnectionSettings {
  baseUrl: string
  apiKey: string
  remember: boolean
}

export type ConnectionState = SettingsState<ConnectionSettings>

export const connectionStore = createSettingsStore<ConnectionSettings>({
  key: 'plat.connection',
  storage: 'session',
  defaults: { baseUrl: config.apiBaseUrl, apiKey: '', remember: false },
  // Stored only while "remember" is ticked, so a stored connection is a remembered one.
  read: (saved, defaults) =>
    saved
      ? {
          baseUrl: typeof saved.baseUrl === 'string' ? saved.baseUrl : defaults.baseUrl,
          apiKey: typeof saved.apiKey === 'string' ? saved.apiKey : '',
          remember: true,
        }
      : defaults,
  write: ({ baseUrl, apiKey, remember }) => (remember ? { baseUrl, apiKey } : null),
})

export function useConnection(): ConnectionState {
  return useStore(connectionStore)
}

/** Base URL without a trailing slash; '' means same origin. */
export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`
}

/**
 * The absolute URL of `path` on the API's server, with the path kept as written: a tile template's
 * `{z}/{x}/{y}` must reach MapLibre as braces, which `new URL(path, base)` would percent-encode.
 */
export function absoluteApiUrl(baseUrl: string, path: string, pageHref: string): string {
  const base = new URL(apiUrl(baseUrl, '/'), pageHref)
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`
}

// The demo server exposes its key at GET /demo-key (demo mode only). Probed once per base URL, and
// only while no key is set, so a real deployment answers 404 once and is never asked again.
const probed = new Map<string, Promise<void>>()

async function probeDemoKey(baseUrl: string, fetchFn: typeof fetch): Promise<void> {
  try {
    const res = await fetchFn(apiUrl(baseUrl, '/demo-key'), { headers: { accept: 'application/json' } })
    if (!res.ok) return
    const body = (await res.json()) as { key?: unknown }
    const state = connectionStore.getState()
    if (typeof body.key === 'string' && body.key && !state.apiKey && state.baseUrl === baseUrl) {
      state.set({ apiKey: body.key })
    }
  } catch {
    // Not a demo server (or offline): the settings dialog asks for a key when a call answers 401.
  }
}

/**
 * The connection to use for the next call. While no key is set, first waits for the demo-key probe,
 * so a search started right at load does not fail with 401 a moment before the key arrives.
 */
export async function currentConnection(fetchFn: typeof fetch = globalThis.fetch): Promise<Connection> {
  const { baseUrl, apiKey } = connectionStore.getState()
  if (apiKey || typeof fetchFn !== 'function') return { baseUrl, apiKey }
  let probe = probed.get(baseUrl)
  if (!probe) {
    probe = probeDemoKey(baseUrl, fetchFn)
    probed.set(baseUrl, probe)
  }
  await probe
  const after = connectionStore.getState()
  return { baseUrl: after.baseUrl, apiKey: after.apiKey }
}
