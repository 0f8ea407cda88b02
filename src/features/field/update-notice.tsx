/** "A new version is ready" (and, once, "ready to work offline"): the service worker's news. */
import { useSyncExternalStore } from 'react'
import { appUpdate } from './app-update'

export function UpdateNotice() {
  const s = useSyncExternalStore(appUpdate.subscribe, appUpdate.get, appUpdate.get)
  if (!s.ready && !s.offlineReady) return null
  return (
    <div className="update-notice" role="status">
      {s.ready ? (
        <>
          <p>A new version of Plat is ready. It starts on your next visit, or now:</p>
          <button type="button" className="primary-button" onClick={() => appUpdate.apply()}>
            Reload now
          </button>
          <button type="button" className="ghost-button" onClick={() => appUpdate.dismiss()}>
            Later
          </button>
        </>
      ) : (
        <>
          <p>Plat is installed on this device: it opens with no signal now.</p>
          <button type="button" className="ghost-button" onClick={() => appUpdate.dismiss()}>
            OK
          </button>
        </>
      )}
    </div>
  )
}
