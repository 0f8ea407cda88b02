/**
 * "Skip to results" and "Skip to map", the page's first focusable elements (issue 18, problem 10:
 * 43 Tabs reached the table). Shown only while focused. The results link lands on the table itself
 * when there is one (the pane otherwise), the map link on the map, where the arrow keys pan and the
 * Polygon tool draws by keyboard.
 */
import type { MouseEvent } from 'react'
import './skip-links.css'

function skipTo(e: MouseEvent<HTMLAnchorElement>, selectors: readonly string[]) {
  for (const selector of selectors) {
    const target = document.querySelector<HTMLElement>(selector)
    if (!target) continue
    e.preventDefault()
    target.focus()
    target.scrollIntoView({ block: 'nearest' })
    return
  }
}

export function SkipLinks() {
  return (
    <nav className="skip-links" aria-label="Skip links">
      {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link; the handler lands on the table inside the target and keeps the address bar (the search's link) unchanged */}
      <a href="#results" onClick={(e) => skipTo(e, ['#results [role="grid"]', '#results'])}>
        Skip to results
      </a>
      {/* biome-ignore lint/a11y/useValidAnchor: as above, landing on the map's canvas */}
      <a href="#map" onClick={(e) => skipTo(e, ['#map canvas.maplibregl-canvas', '#map'])}>
        Skip to map
      </a>
    </nav>
  )
}
