/**
 * Test support (the component project's alias for `virtual:pwa-register`, see vitest.config.ts): no
 * service worker in a simulated DOM, so registering one does nothing and there is never an update.
 */
export function registerSW(_options?: unknown): (reload?: boolean) => Promise<void> {
  return async () => {}
}
