/**
 * "A new version is ready" (and, once installed, "works offline now"): the service worker's news. The
 * offline news needs no answer, so it is a toast that goes by itself; while shown only its button
 * takes clicks, so it never sits on a control someone is reaching for (it did, on the column picker).
 */
import { useEffect, useSyncExternalStore } from 'react'
import { appUpdate } from './app-update'

/** How long "Plat is installed on this device" stays. */
export const OFFLINE_NEWS_MS = 6000

export function UpdateNotice() {
  const s = useSyncExternalStore(appUpdate.subscribe, appUpdate.get, appUpdate.get)
  const offlineNewsOnly = s.offlineReady && !s.ready
  useEffect(() => {
    if (!offlineNewsOnly) return
    const t = setTimeout(() => appUpdate.offlineSeen(), OFFLINE_NEWS_MS)
    return () => clearTimeout(t)
  }, [offlineNewsOnly])
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
