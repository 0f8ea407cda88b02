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
  /**
   * "Plat is installed on this device" is due: the app shell is cached (it opens with no network)
   * and the app really is installed — opened as an installed app or just added (issue 37: on a
   * first visit in a browser tab the news was false, and it greeted the very first paint).
   */
  offlineReady: boolean
}

let state: AppUpdateState = { ready: false, offlineReady: false }
/** The shell is cached / the app is installed; the news shows once both are true. */
let cached = false
let installed = false
let newsShown = false
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

/** Announces "installed" once, when the shell is cached and the app installed, in either order. */
function installNews(): void {
  if (!cached || !installed || newsShown) return
  newsShown = true
  set({ offlineReady: true })
}

/** Whether this page runs as an installed app (a home-screen or desktop app window). */
function runsInstalled(): boolean {
  const standalone = (q: string) => typeof matchMedia === 'function' && matchMedia(q).matches
  return standalone('(display-mode: standalone)') || standalone('(display-mode: window-controls-overlay)')
}

export function registerAppUpdates(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  cached = false
  newsShown = false
  installed = runsInstalled()
  if (typeof window !== 'undefined')
    window.addEventListener('appinstalled', () => {
      installed = true
      installNews()
    })
  update = registerSW({
    onNeedRefresh: () => set({ ready: true }),
    onOfflineReady: () => {
      cached = true
      installNews()
    },
    onRegisterError: (e: unknown) => console.warn('Plat: the offline app could not be installed', e),
  })
}
