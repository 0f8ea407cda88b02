/** Dissolves a large portfolio off the main thread (see dissolve-client.ts). */
import { type DissolveInput, dissolve } from './dissolve'

self.onmessage = (e: MessageEvent<{ parcels: DissolveInput[] }>) => {
  try {
    self.postMessage({ ok: true, groups: dissolve(e.data.parcels) })
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}
