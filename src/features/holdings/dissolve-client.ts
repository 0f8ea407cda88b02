/**
 * Runs the dissolve where it does not freeze the page: small sets inline (a worker's start-up costs
 * more than a few dozen unions), large ones in a Web Worker (Vite bundles dissolve-worker.ts as its
 * own chunk; the app's CSP allows same-origin workers). Where no Worker exists (Node tests) or the
 * worker fails to start, it runs inline.
 */
import { type DissolvedGroup, type DissolveInput, dissolve } from './dissolve'

/** Above this many parcels the union runs in a worker. */
const WORKER_ABOVE = 150

export function dissolveOffThread(parcels: readonly DissolveInput[], signal?: AbortSignal): Promise<DissolvedGroup[]> {
  if (parcels.length <= WORKER_ABOVE || typeof Worker === 'undefined') return Promise.resolve(dissolve(parcels))
  return new Promise((resolve, reject) => {
    let worker: Worker
    try {
      worker = new Worker(new URL('./dissolve-worker.ts', import.meta.url), { type: 'module' })
    } catch {
      resolve(dissolve(parcels))
      return
    }
    const done = () => worker.terminate()
    signal?.addEventListener('abort', () => {
      done()
      reject(signal.reason)
    })
    worker.onmessage = (e: MessageEvent<{ ok: true; groups: DissolvedGroup[] } | { ok: false; message: string }>) => {
      done()
      if (e.data.ok) resolve(e.data.groups)
      else reject(new Error(`The outlines could not be merged: ${e.data.message}`))
    }
    worker.onerror = () => {
      done()
      // A worker that cannot load (an old browser, a blocked chunk) still gets the job done here.
      resolve(dissolve(parcels))
    }
    worker.postMessage({ parcels })
  })
}
