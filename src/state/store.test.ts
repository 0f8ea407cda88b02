import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { removeAreaById, upsertArea } from './draw-slice'
import { buildSearchSpec } from './search-slice'
import type { DrawnArea } from './search-spec'
import { createAppStore } from './store'

const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
}
const area = (id: string, kind: DrawnArea['kind'] = 'polygon'): DrawnArea => ({ id, kind, geometry: square })

describe('area list reducers', () => {
  it('adds new areas and replaces edited ones in place', () => {
    const a = [area('a'), area('b')]
    const edited = { ...area('a'), kind: 'rectangle' as const }
    expect(upsertArea(a, area('c')).map((x) => x.id)).toEqual(['a', 'b', 'c'])
    const next = upsertArea(a, edited)
    expect(next.map((x) => x.id)).toEqual(['a', 'b'])
    expect(next[0]).toBe(edited)
    expect(a[0]?.kind).toBe('polygon') // input untouched
  })

  it('an edited shape keeps its name: the draw tools know only its geometry', () => {
    const county = { ...area('a'), label: 'Story County, IA' }
    const moved: DrawnArea = { id: 'a', kind: 'polygon', geometry: { ...square } }
    const next = upsertArea([county, area('b')], moved)
    expect(next[0]).toEqual({ ...moved, label: 'Story County, IA' })
    expect(upsertArea([area('a')], moved)[0]).toBe(moved)
  })

  it('removes by id and returns the same array when nothing matches', () => {
    const a = [area('a'), area('b')]
    expect(removeAreaById(a, 'a').map((x) => x.id)).toEqual(['b'])
    expect(removeAreaById(a, 'zzz')).toBe(a)
  })
})

describe('app store', () => {
  it('starts idle with the agreed defaults', () => {
    const s = createAppStore().getState()
    expect(s.mode).toBe('area')
    expect(s.loadPolicy).toBe('all')
    expect(s.submitted).toBeNull()
    expect(s.ui).toEqual({ kind: 'none' })
    expect(s.selectedId).toBeNull()
    expect(s.areas).toEqual([])
  })

  it('setters that receive the current value do not notify', () => {
    const store = createAppStore()
    let calls = 0
    store.subscribe(() => {
      calls += 1
    })
    const s = store.getState()
    s.setMode('area')
    s.setTool('pan')
    s.setBasemap(s.basemap)
    s.setView(s.view)
    s.select(null)
    s.closeDialog()
    s.clearAreas()
    s.removeArea('nope')
    expect(calls).toBe(0)
    s.setTool('polygon')
    expect(calls).toBe(1)
  })

  it('submit snapshots the spec; later edits do not leak into it', () => {
    const store = createAppStore()
    const s = store.getState()
    s.putArea(area('a'))
    s.setFilters([{ field: 'acres', op: 'gte', value: 40 }])
    s.setIncludeBuildings(true)
    s.submit()
    const submitted = store.getState().submitted
    expect(submitted).toEqual({
      mode: 'area',
      areas: [area('a')],
      filters: [{ field: 'acres', op: 'gte', value: 40 }],
      order: null,
      includeBuildings: true,
    })
    store.getState().putArea(area('b'))
    store.getState().setFilters([])
    expect(store.getState().submitted).toBe(submitted)
    expect(submitted?.areas).toHaveLength(1)
    expect(submitted?.filters).toHaveLength(1)
  })

  it('direct mode submits no areas', () => {
    const spec = buildSearchSpec({
      mode: 'direct',
      areas: [area('a')],
      filters: [{ field: 'state', op: 'eq', value: 'IA' }],
      order: { field: 'acres', direction: 'desc' },
      includeBuildings: false,
    })
    expect(spec.areas).toEqual([])
    expect(spec.order).toEqual({ field: 'acres', direction: 'desc' })
  })

  it('selection opens and closes details', () => {
    const store = createAppStore()
    store.getState().select('u1')
    expect(store.getState()).toMatchObject({ selectedId: 'u1', detailsOpen: false })
    store.getState().select('u2', true)
    expect(store.getState()).toMatchObject({ selectedId: 'u2', detailsOpen: true })
    store.getState().select('u3')
    expect(store.getState()).toMatchObject({ selectedId: 'u3', detailsOpen: true })
    store.getState().closeDetails()
    expect(store.getState().detailsOpen).toBe(false)
    store.getState().select('u4', true)
    store.getState().select(null)
    expect(store.getState()).toMatchObject({ selectedId: null, detailsOpen: false })
  })

  it('dialogs are a tagged union carrying their reason', () => {
    const store = createAppStore()
    store.getState().openDialog({ kind: 'settings', reason: 'API key missing or malformed' })
    expect(store.getState().ui).toEqual({ kind: 'settings', reason: 'API key missing or malformed' })
    store.getState().closeDialog()
    expect(store.getState().ui).toEqual({ kind: 'none' })
  })
})

describe('undo and redo of area edits', () => {
  it('walks back and forth through adds, edits, removes and clears', () => {
    const store = createAppStore()
    const s = () => store.getState()
    const ids = () => s().areas.map((a) => `${a.id}:${a.kind}`)
    s().putArea(area('a'))
    s().putArea(area('b'))
    s().putArea(area('a', 'rectangle'))
    s().removeArea('b')
    s().clearAreas()
    expect(ids()).toEqual([])
    s().undoAreas()
    expect(ids()).toEqual(['a:rectangle'])
    s().undoAreas()
    expect(ids()).toEqual(['a:rectangle', 'b:polygon'])
    s().undoAreas()
    expect(ids()).toEqual(['a:polygon', 'b:polygon'])
    s().redoAreas()
    expect(ids()).toEqual(['a:rectangle', 'b:polygon'])
    // A new edit after undo drops the redo list.
    s().putArea(area('c'))
    s().redoAreas()
    expect(ids()).toEqual(['a:rectangle', 'b:polygon', 'c:polygon'])
    s().undoAreas()
    s().undoAreas()
    s().undoAreas()
    s().undoAreas()
    expect(ids()).toEqual([])
    s().undoAreas() // nothing left: a no-op, not an error
    expect(ids()).toEqual([])
  })

  it('a removal of an unknown id and a restore from a link add no undo step', () => {
    const store = createAppStore()
    store.getState().removeArea('nope')
    expect(store.getState().areaHistory.past).toHaveLength(0)
    store.getState().putArea(area('a'))
    store.getState().replaceAreas([area('z')])
    expect(store.getState().areaHistory.past).toHaveLength(0)
  })
})
