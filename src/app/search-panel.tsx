/** Left panel: search mode, drawing tools and areas, filters, buildings toggle, Search button, progress. */
import type { ReactNode } from 'react'
import { AreaList } from '../draw/area-list'
import { DrawToolbar } from '../draw/draw-toolbar'
import type { DrawNotice } from '../state/draw-slice'
import type { DrawnArea, SearchMode } from '../state/search-spec'
import type { MapTool } from '../state/ui-slice'

export interface SearchPanelProps {
  mode: SearchMode
  onMode(mode: SearchMode): void
  tool: MapTool
  onTool(tool: MapTool): void
  areas: readonly DrawnArea[]
  onRemoveArea(id: string): void
  onClearAreas(): void
  onUndo(): void
  onRedo(): void
  canUndo: boolean
  canRedo: boolean
  onZoomArea(area: DrawnArea): void
  onBufferArea(area: DrawnArea): void
  onImportAreas(): void
  notice: DrawNotice | null
  onDismissNotice(): void
  includeBuildings: boolean
  onIncludeBuildings(on: boolean): void
  canSearch: boolean
  searchHint: string | null
  onSearch(): void
  /** The filter builder (UI engineer's), composed by the app. */
  filters: ReactNode
  /** Search progress / confirm / resume (core engineer's). */
  progress: ReactNode
}

export function SearchPanel(p: SearchPanelProps) {
  return (
    // A div, not a form: Enter inside the filter builder must not start a search by accident.
    <div className="search-panel">
      <fieldset className="mode-toggle">
        <legend>Search by</legend>
        <label>
          <input type="radio" name="mode" value="area" checked={p.mode === 'area'} onChange={() => p.onMode('area')} />
          Drawn area
        </label>
        <label>
          <input
            type="radio"
            name="mode"
            value="direct"
            checked={p.mode === 'direct'}
            onChange={() => p.onMode('direct')}
          />
          Filters only
        </label>
      </fieldset>

      <section className="panel-section" aria-labelledby="areas-heading">
        <h2 id="areas-heading">Map tools &amp; areas</h2>
        <DrawToolbar
          tool={p.tool}
          onTool={p.onTool}
          onClear={p.onClearAreas}
          areaCount={p.areas.length}
          onUndo={p.onUndo}
          onRedo={p.onRedo}
          canUndo={p.canUndo}
          canRedo={p.canRedo}
        />
        {p.notice && (
          <div className={`notice notice-${p.notice.level}`} role={p.notice.level === 'warning' ? 'alert' : 'status'}>
            <span>{p.notice.message}</span>
            <button type="button" className="icon-button" aria-label="Dismiss" onClick={p.onDismissNotice}>
              ×
            </button>
          </div>
        )}
        {p.mode === 'area' ? (
          <>
            <AreaList areas={p.areas} onRemove={p.onRemoveArea} onZoom={p.onZoomArea} onBuffer={p.onBufferArea} />
            <button type="button" className="ghost-button import-button" onClick={p.onImportAreas}>
              Import areas…
            </button>
          </>
        ) : (
          <p className="muted">Filters-only search ignores drawn areas; add a state or county filter to narrow it.</p>
        )}
      </section>

      <section className="panel-section" aria-labelledby="filters-heading">
        <h2 id="filters-heading">Filters</h2>
        {p.filters}
      </section>

      <section className="panel-section">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={p.includeBuildings}
            onChange={(e) => p.onIncludeBuildings(e.target.checked)}
          />
          Include building footprints
        </label>
      </section>

      <div className="search-actions">
        <button type="button" className="primary-button" disabled={!p.canSearch} onClick={p.onSearch}>
          Search
        </button>
        {p.searchHint && <p className="muted search-hint">{p.searchHint}</p>}
      </div>
      {p.progress}
    </div>
  )
}
