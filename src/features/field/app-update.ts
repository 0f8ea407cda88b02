/// <reference types="vite-plugin-pwa/client" />
/**
 * The service worker's registration (vite-plugin-pwa's `virtual:pwa-register`, Workbox underneath)
 * and what the app shows of it. A new version installs in the background and waits: the person is
 * told "a new version is ready" and reloads when it suits them — or it simply takes over on the next
 * visit. Never mid-task: there is no skipWaiting surprise.
 */
import { registerSW } from 'virtual:pwa-register'

export interface AppUpdateState {
  /** A new version is installed and waiting. */
  ready: boolean
  /** The app shell is cached: it opens with no network from now on. */
  offlineReady: boolean
}

let state: AppUpdateState = { ready: false, offlineReady: false }
const listeners = new Set<() => void>()
let update: ((reload?: boolean) => Promise<void>) | null = null

function set(next: Partial<AppUpdateState>): void {
  state = { ...state, ...next }
  for (const l of listeners) l()
}

export const appUpdate = {
  get: (): AppUpdateState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** "Reload now": the waiting version takes over and the page reloads. */
  apply(): void {
    void update?.(true)
  },
  dismiss(): void {
    set({ ready: false, offlineReady: false })
  },
  /** The "works offline now" news has been shown long enough (a waiting version stays announced). */
  offlineSeen(): void {
    set({ offlineReady: false })
  },
}

export function registerAppUpdates(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  update = registerSW({
    onNeedRefresh: () => set({ ready: true }),
    onOfflineReady: () => set({ offlineReady: true }),
    onRegisterError: (e: unknown) => console.warn('Plat: the offline app could not be installed', e),
  })
}
