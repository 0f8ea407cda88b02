/** "Copy link": the link is encoded from the store at the moment of the click (not the debounced URL). */
import './copy-link-button.css'
import { useEffect, useState } from 'react'
import { useStaleSearch } from '../../features/search/stale-notice'
import { LinkChoice } from '../../features/share/link-choice'
import { encodeShareState } from '../../features/share/url-codec'
import { describeSearch } from '../../format/search-summary'
import { appStore } from '../../state/store'
import { copyText } from '../../ui/copy-text'
import { shareStateOf } from '../workspace/url-sync'

/** The current search as a link query (what a saved search stores). */
export function shareQuery(): string {
  return encodeShareState(shareStateOf(appStore.getState()))
}

/**
 * The search the rows on screen answer, run on opening (issue 18: an edited search keeps its
 * results), in the table's order as it is now (issue 37: the order it was run in is not the one the
 * person sees after sorting by a column).
 */
function submittedQuery(): string {
  const s = appStore.getState()
  const run = s.submitted
  if (!run) return shareQuery()
  return encodeShareState({ ...shareStateOf(s), ...run, order: s.order, searched: true })
}

const linkOf = (query: string) => `${window.location.origin}${window.location.pathname}${query ? `?${query}` : ''}`

export function CopyLinkButton() {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle')
  const [choosing, setChoosing] = useState(false)
  const { stale, submitted } = useStaleSearch()
  useEffect(() => {
    if (status === 'idle') return
    const t = setTimeout(() => setStatus('idle'), 2500)
    return () => clearTimeout(t)
  }, [status])
  const copy = async (query: string) => setStatus((await copyText(linkOf(query))) ? 'copied' : 'failed')
  return (
    <>
      {stale && submitted ? (
        <LinkChoice
          open={choosing}
          onOpenChange={setChoosing}
          resultsSummary={describeSearch(submitted)}
          onCopyResults={() => void copy(submittedQuery())}
          onCopyEdited={() => void copy(shareQuery())}
        />
      ) : (
        <button type="button" className="ghost-button" onClick={() => void copy(shareQuery())}>
          Copy link
        </button>
      )}
      <span className="copy-status" role="status">
        {status === 'copied' ? 'Link copied' : status === 'failed' ? 'Could not copy: use the address bar' : ''}
      </span>
    </>
  )
}
