/**
 * What a garbled or partly unreadable shared link could not restore; the rest of it was applied.
 * When the search itself lost an area or a filter, it is not run: what is left is another search,
 * so the person is told and may run it, knowing it is not the one that was shared.
 */
import './link-problems.css'
import { useSyncExternalStore } from 'react'
import { useLinkProblems, useWorkspace } from './workspace-context'

export function LinkProblems() {
  const problems = useLinkProblems()
  const { linkProblems, linkHeld, store } = useWorkspace()
  const held = useSyncExternalStore(linkHeld.subscribe, linkHeld.get, linkHeld.get)
  if (problems.length === 0 && !held) return null
  const dismiss = () => {
    linkProblems.set([])
    linkHeld.set(false)
  }
  return (
    <div className="notice notice-warning link-problems" role="alert">
      <div>
        {held ? (
          <strong>This link’s search lost parts, so it was not run.</strong>
        ) : (
          <strong>Parts of this link could not be restored.</strong>
        )}{' '}
        {held ? 'What was lost:' : 'Everything else was.'}
        <ul>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        {held && (
          <p>
            <button
              type="button"
              className="button"
              onClick={() => {
                dismiss()
                store.getState().submit()
              }}
            >
              Run what is left (not the shared search)
            </button>
          </p>
        )}
      </div>
      <button type="button" className="icon-button" aria-label="Dismiss link problems" onClick={dismiss}>
        ×
      </button>
    </div>
  )
}
