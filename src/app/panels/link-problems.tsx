/** What a garbled or partly unreadable shared link could not restore; the rest of it was applied. */
import './link-problems.css'
import { useLinkProblems, useWorkspace } from './workspace-context'

export function LinkProblems() {
  const problems = useLinkProblems()
  const { linkProblems } = useWorkspace()
  if (problems.length === 0) return null
  return (
    <div className="notice notice-warning link-problems" role="alert">
      <div>
        <strong>Parts of this link could not be restored.</strong> Everything else was.
        <ul>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss link problems"
        onClick={() => linkProblems.set([])}
      >
        ×
      </button>
    </div>
  )
}
