/** Holdings & lists: three tabs (owner, assemblage, list), each panel given by the app. */
import type { ReactNode } from 'react'
import './holdings.css'
import type { HoldingsTab } from '../../state/holdings-slice'

const TABS: { tab: HoldingsTab; label: string }[] = [
  { tab: 'owner', label: 'Owner' },
  { tab: 'assemblage', label: 'Assemblage' },
  { tab: 'list', label: 'List lookup' },
]

export function HoldingsPanel({
  tab,
  onTab,
  onClose,
  children,
}: {
  tab: HoldingsTab
  onTab(tab: HoldingsTab): void
  onClose(): void
  children: ReactNode
}) {
  return (
    <section className="holdings-panel" aria-labelledby="holdings-heading">
      <div className="holdings-head">
        <h2 id="holdings-heading">Holdings &amp; lists</h2>
        <button type="button" className="link-button" onClick={onClose}>
          ← Back to search
        </button>
      </div>
      <div className="holdings-tabs" role="tablist" aria-label="Holdings and lists">
        {TABS.map((t) => (
          <button
            key={t.tab}
            type="button"
            role="tab"
            id={`holdings-tab-${t.tab}`}
            aria-selected={t.tab === tab}
            aria-controls="holdings-tabpanel"
            tabIndex={t.tab === tab ? 0 : -1}
            onClick={() => onTab(t.tab)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
              const i = TABS.findIndex((x) => x.tab === tab)
              const next = TABS[
                (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length
              ] as (typeof TABS)[number]
              onTab(next.tab)
              document.getElementById(`holdings-tab-${next.tab}`)?.focus()
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="holdings-tabpanel" role="tabpanel" aria-labelledby={`holdings-tab-${tab}`}>
        {children}
      </div>
    </section>
  )
}
