/** "Copy link": the link is encoded from the store at the moment of the click (not the debounced URL). */
import { useEffect, useState } from 'react'
import { encodeShareState } from '../../share/url-codec'
import { appStore } from '../../state/store'
import { copyText } from '../../ui/copy-text'
import { shareStateOf } from '../workspace/url-sync'

/** The current search as a link query (what a saved search stores). */
export function shareQuery(): string {
  return encodeShareState(shareStateOf(appStore.getState()))
}

function shareLink(): string {
  const query = shareQuery()
  return `${window.location.origin}${window.location.pathname}${query ? `?${query}` : ''}`
}

export function CopyLinkButton() {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (status === 'idle') return
    const t = setTimeout(() => setStatus('idle'), 2500)
    return () => clearTimeout(t)
  }, [status])
  return (
    <>
      <button
        type="button"
        className="ghost-button"
        onClick={async () => setStatus((await copyText(shareLink())) ? 'copied' : 'failed')}
      >
        Copy link
      </button>
      <span className="copy-status" role="status">
        {status === 'copied' ? 'Link copied' : status === 'failed' ? 'Could not copy: use the address bar' : ''}
      </span>
    </>
  )
}
