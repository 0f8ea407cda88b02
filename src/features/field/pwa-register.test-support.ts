/**
 * Stands in for vite-plugin-pwa's `virtual:pwa-register` in component tests (vitest.config.ts
 * aliases it here; the plugin itself runs only in Vite builds): tests play the service worker's
 * callbacks through `swStub`.
 */
interface Callbacks {
  onNeedRefresh?: () => void
  onOfflineReady?: () => void
}

export const swStub = {
  callbacks: {} as Callbacks,
  updates: [] as (boolean | undefined)[],
}

export function registerSW(callbacks: Callbacks): (reload?: boolean) => Promise<void> {
  swStub.callbacks = callbacks
  return async (reload) => {
    swStub.updates.push(reload)
  }
}
