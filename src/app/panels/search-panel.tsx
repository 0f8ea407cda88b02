/** Left panel (a sheet on phones): search mode, map tools and areas, filters, buildings, Search, progress. */
import './search-panel.css'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { AreaList } from '../../features/draw/area-list'
import { DrawToolbar } from '../../features/draw/draw-toolbar'
import { CropFilter } from '../../features/filters/crop-picker'
import { FilterBuilder } from '../../features/filters/filter-builder'
import { validateFilters } from '../../features/filters/filter-validation'
import { LandUseFilter } from '../../features/filters/land-use-filter'
import { SearchProgressView } from '../../features/search/search-progress'
import { AreaWatchAction } from '../../features/watches/area-watch-action'
import { useAppStore } from '../../state/store'
import { useCoverage, useSearchResult, useWorkspace } from './workspace-context'

export function SearchPanel() {
  const mode = useAppStore((s) => s.mode)
  const setMode = useAppStore((s) => s.setMode)
  return (
    // A div, not a form: Enter inside the filter builder must not start a search by accident.
    <div className="search-panel">
      <fieldset className="mode-toggle">
        <legend>Search by</legend>
        <label>
          <input type="radio" name="mode" value="area" checked={mode === 'area'} onChange={() => setMode('area')} />
          Drawn area
        </label>
        <label>
          <input
            type="radio"
            name="mode"
            value="direct"
            checked={mode === 'direct'}
            onChange={() => setMode('direct')}
          />
          Filters only
        </label>
      </fieldset>
      <AreasSection />
      <FiltersSection />
      <BuildingsToggle />
      <SearchButton />
      <ProgressSection />
      <AreaWatch />
    </div>
  )
}

function AreasSection() {
  const workspace = useWorkspace()
  const s = useAppStore(
    useShallow((st) => ({
      mode: st.mode,
      tool: st.tool,
      toolLocked: st.toolLocked,
      setToolLocked: st.setToolLocked,
      areas: st.areas,
      clearAreas: st.clearAreas,
      removeArea: st.removeArea,
      undoAreas: st.undoAreas,
      redoAreas: st.redoAreas,
      areaHistory: st.areaHistory,
      drawNotice: st.drawNotice,
      setDrawNotice: st.setDrawNotice,
      openDialog: st.openDialog,
    })),
  )
  return (
    <section className="panel-section" aria-labelledby="areas-heading">
      <h2 id="areas-heading">Map tools &amp; areas</h2>
      <DrawToolbar
        tool={s.tool}
        onTool={(tool) => workspace.draw.pickTool(tool)}
        locked={s.toolLocked}
        onLockedChange={s.setToolLocked}
        onClear={s.clearAreas}
        areaCount={s.areas.length}
        onUndo={s.undoAreas}
        onRedo={s.redoAreas}
        canUndo={s.areaHistory.past.length > 0}
        canRedo={s.areaHistory.future.length > 0}
      />
      {s.drawNotice && (
        <div
          className={`notice notice-${s.drawNotice.level}`}
          role={s.drawNotice.level === 'warning' ? 'alert' : 'status'}
        >
          <span>{s.drawNotice.message}</span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => s.setDrawNotice(null)}>
            ×
          </button>
        </div>
      )}
      {s.mode === 'area' ? (
        <>
          <AreaList
            areas={s.areas}
            onRemove={s.removeArea}
            onZoom={(a) => workspace.draw.frameAreas([a])}
            onBuffer={(a) =>
              s.openDialog({
                kind: 'buffer',
                label: `area ${s.areas.findIndex((x) => x.id === a.id) + 1}`,
                geometry: a.geometry,
              })
            }
          />
          <div className="area-actions">
            <button type="button" className="button" onClick={() => workspace.searches.mapView()}>
              Search this map view
            </button>
            <button type="button" className="button" onClick={() => s.openDialog({ kind: 'county' })}>
              Search a county…
            </button>
            <button type="button" className="button" onClick={() => s.openDialog({ kind: 'import' })}>
              Import areas…
            </button>
          </div>
        </>
      ) : (
        <p className="muted">Filters-only search ignores drawn areas; add a state or county filter to narrow it.</p>
      )}
    </section>
  )
}

function FiltersSection() {
  const filters = useAppStore((s) => s.filters)
  const setFilters = useAppStore((s) => s.setFilters)
  const reserved = useAppStore((s) => (s.mode === 'area' ? 1 : 0))
  const error = useSearchResult().error
  const coverage = useCoverage()
  // The land-use picker where the server says it filters on the class (GET /coverage `extensions`).
  const landUse = coverage.status === 'ready' && (coverage.coverage.extensions ?? []).includes('land_use_class')
  // Only a rejected query (400/422) belongs next to the filters; quota, auth and network errors are
  // shown by the progress banner and the settings dialog.
  const filterError =
    error && (error.kind === 'invalid' || error.kind === 'validation')
      ? { filterIndex: error.filterIndex, message: error.message }
      : null
  return (
    <section className="panel-section" aria-labelledby="filters-heading">
      <h2 id="filters-heading">Filters</h2>
      <CropFilter filters={filters} onChange={setFilters} reservedSlots={reserved} />
      {landUse && <LandUseFilter filters={filters} onChange={setFilters} reservedSlots={reserved} />}
      <FilterBuilder
        landUsePicker={landUse}
        filters={filters}
        onChange={setFilters}
        errors={filterError}
        reservedSlots={reserved}
        coveredCounties={coverage.status === 'ready' ? coverage.coverage.counties : null}
      />
    </section>
  )
}

function BuildingsToggle() {
  const on = useAppStore((s) => s.includeBuildings)
  const set = useAppStore((s) => s.setIncludeBuildings)
  return (
    <section className="panel-section">
      <label className="checkbox">
        <input type="checkbox" checked={on} onChange={(e) => set(e.target.checked)} />
        Include building footprints
      </label>
    </section>
  )
}

function SearchButton() {
  const workspace = useWorkspace()
  const mode = useAppStore((s) => s.mode)
  const areaCount = useAppStore((s) => s.areas.length)
  const filters = useAppStore((s) => s.filters)
  const valid = useMemo(() => validateFilters(filters, mode === 'area' ? 1 : 0).valid, [filters, mode])
  const ready = mode === 'area' ? areaCount > 0 : filters.length > 0
  const hint = !valid
    ? 'Fix the highlighted filters first.'
    : ready
      ? null
      : mode === 'area'
        ? 'Draw an area (or search the map view or a county) first.'
        : 'Add at least one filter (with a state or county) first.'
  return (
    <div className="search-actions">
      <button
        type="button"
        className="primary-button"
        disabled={!valid || !ready}
        onClick={() => workspace.searches.submit()}
      >
        Search
      </button>
      {hint && <p className="muted search-hint">{hint}</p>}
    </div>
  )
}

/** "Watch this area": the areas and filters of the search that ran (not the set-up being edited). */
function AreaWatch() {
  const submitted = useAppStore((s) => s.submitted)
  if (submitted?.mode !== 'area' || submitted.areas.length === 0) return null
  const areas = submitted.areas
  const label = areas.length === 1 ? (areas[0]?.label ?? 'the drawn area') : `${areas.length} areas`
  return (
    <div className="search-actions">
      <AreaWatchAction polygons={areas.map((a) => a.geometry)} filters={submitted.filters} label={label} />
    </div>
  )
}

function ProgressSection() {
  return <SearchProgressView result={useSearchResult()} />
}
