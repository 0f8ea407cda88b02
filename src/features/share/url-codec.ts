/**
 * The shared-link format, version 1 (docs/url-format.md). Pure: no DOM, no React. `decode` never
 * throws: whatever cannot be restored is left out of the state and named in `problems`, and the
 * rest is kept. Parameters equal to their defaults are omitted so ordinary links stay short.
 */
import { FIELDS, ORDERABLE_FIELDS } from '../../../contract/fields'
import { MAX_FILTERS } from '../../../contract/limits'
import { encodeAreas } from '../../../contract/link-areas'
import { decodeFilters, encodeFilters } from '../../../contract/link-filters'
import { isThemeId } from '../../format/themes'
import { DEFAULT_COLUMNS, type MapViewState } from '../../state/ui-slice'
import { decodeAreas } from './area-codec'
import { decodeAssemblage, encodeAssemblage } from './assemblage-codec'
import { decodeComps, encodeComps } from './comps-codec'
import { decodeDataStamp, encodeDataStamp } from './data-version-codec'
import { readParams } from './query-params'
import type { ShareState } from './share-state'

export { quantizeArea } from '../../../contract/link-areas'

const FORMAT_VERSION = 1
const ALL_COLUMNS = FIELDS.map((f) => f.name)
// Not only catalog names: the column picker also offers extra scalar keys found in the records.
const COLUMN = /^[A-Za-z0-9_]{1,64}$/
const PARCEL_ID = /^[A-Za-z0-9_-]{1,64}$/

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])

export function encodeShareState(s: ShareState): string {
  const params: [string, string][] = []
  if (s.mode === 'direct') params.push(['m', 'd'])
  if (s.areas.length) params.push(['a', encodeAreas(s.areas)])
  if (s.filters.length) params.push(['f', encodeFilters(s.filters)])
  if (s.order) params.push(['o', `${s.order.field}.${s.order.direction === 'desc' ? 'd' : 'a'}`])
  if (s.includeBuildings) params.push(['b', '1'])
  if (s.searched) params.push(['s', '1'])
  if (s.selectedId && PARCEL_ID.test(s.selectedId)) params.push(['p', s.selectedId])
  const view = `${round(s.view.center[0], 5)},${round(s.view.center[1], 5)},${round(s.view.zoom, 2)}`
  params.push(['c', view])
  if (!sameList(s.visibleColumns, DEFAULT_COLUMNS)) {
    const cols = sameList(s.visibleColumns, ALL_COLUMNS) ? '*' : s.visibleColumns.filter((c) => COLUMN.test(c))
    params.push(['cols', typeof cols === 'string' ? cols : cols.join('.')])
  }
  // Added within format 1: a reader that predates themes ignores `t`, as it ignores any unknown parameter.
  if (s.theme !== 'plain') params.push(['t', s.theme])
  // Added within format 1 (issue 21): the assemblage's parcels (assemblage-codec.ts).
  if (s.assemblage && s.assemblage.ids.length > 0) params.push(['g', encodeAssemblage(s.assemblage)])
  // Comparable sales (comps-codec.ts): a section with its own version, ignored by older readers.
  if (s.comps) params.push(['cs', encodeComps(s.comps, s.areas)])
  // Added within format 1 (issue 23): the data version of a search that had been run.
  const stamp = s.searched && s.dataStamp ? encodeDataStamp(s.dataStamp) : null
  if (stamp) params.push(['dv', stamp])
  // The version goes last: a link that lost its end is recognised by its absence (query-params.ts).
  params.push(['v', String(FORMAT_VERSION)])
  return params.map(([k, v]) => `${k}=${v}`).join('&')
}

export interface DecodedLink {
  state: Partial<ShareState>
  problems: string[]
  /**
   * An area or a filter could not be read: what is left is not the search the sender ran, so a link
   * that says "run it" must not be run as if it were.
   */
  searchLost: boolean
}

export function decodeShareState(query: string): DecodedLink {
  try {
    return decode(query)
  } catch {
    // Unreachable by design; a last guard so a link can never take the app down.
    return { state: {}, problems: ['This link could not be read; the app opened without it.'], searchLost: false }
  }
}

function decode(input: string): DecodedLink {
  const { params, problems } = readParams(input)
  const state: Partial<ShareState> = {}
  const version = params.get('v')
  if (version !== undefined && !/^\d{1,6}$/.test(version)) {
    problems.push('The link’s format version could not be read; it was read as the current format.')
  } else if (version !== undefined && Number(version) > FORMAT_VERSION) {
    problems.push(
      `This link was made by a newer version of Plat; this version read what it could, and parts of it (format ${version}) may be missing.`,
    )
  }

  const mode = params.get('m')
  if (mode !== undefined) {
    if (mode === 'd') state.mode = 'direct'
    else if (mode === 'a') state.mode = 'area'
    else problems.push('The search mode could not be read; searching by drawn area.')
  }
  let searchLost = false
  const areas = params.get('a')
  if (areas) {
    const r = decodeAreas(areas)
    state.areas = r.areas
    problems.push(...r.problems)
    searchLost ||= r.problems.length > 0
  }
  const filters = params.get('f')
  if (filters) {
    const r = decodeFilters(filters, MAX_FILTERS)
    state.filters = r.filters
    problems.push(...r.problems)
    searchLost ||= r.problems.length > 0
  }
  const order = params.get('o')
  if (order !== undefined) {
    const [field = '', dir, ...rest] = order.split('.')
    if (ORDERABLE_FIELDS.includes(field) && (dir === 'a' || dir === 'd') && rest.length === 0) {
      state.order = { field, direction: dir === 'd' ? 'desc' : 'asc' }
    } else problems.push('The sort order could not be read and was left out.')
  }
  if (params.has('b')) state.includeBuildings = params.get('b') === '1'
  if (params.has('s')) state.searched = params.get('s') === '1'
  const parcel = params.get('p')
  if (parcel !== undefined) {
    if (PARCEL_ID.test(parcel)) state.selectedId = parcel
    else problems.push('The selected parcel could not be read.')
  }
  const view = params.get('c')
  if (view !== undefined) {
    const v = decodeView(view)
    if (v) state.view = v
    else problems.push('The map view could not be read; the map opens on its default view.')
  }
  const cols = params.get('cols')
  if (cols !== undefined) {
    const r = decodeColumns(cols)
    if (r.columns.length) state.visibleColumns = r.columns
    if (r.dropped) problems.push(`${r.dropped} column name(s) were not recognised and were left out.`)
  }
  const theme = params.get('t')
  if (theme !== undefined) {
    if (isThemeId(theme)) state.theme = theme
    else problems.push('The map colouring could not be read; results are shown in one colour.')
  }
  const assemblage = params.get('g')
  if (assemblage !== undefined) {
    const r = decodeAssemblage(assemblage)
    state.assemblage = r.assemblage
    problems.push(...r.problems)
  }
  const comps = params.get('cs')
  if (comps !== undefined) {
    const r = decodeComps(comps, state.areas ?? [])
    if (r.comps) state.comps = r.comps
    problems.push(...r.problems)
  }
  const stamp = params.get('dv')
  if (stamp !== undefined) {
    const d = decodeDataStamp(stamp)
    if (d) state.dataStamp = d
    else problems.push('The date of the link’s data could not be read; changes since it was made are not shown.')
  }
  return { state, problems, searchLost }
}

function decodeView(text: string): MapViewState | null {
  const parts = text.split(',')
  if (parts.length !== 3 || parts.some((p) => !/^-?\d{1,3}(\.\d{1,12})?$/.test(p))) return null
  const [lng, lat, zoom] = parts.map(Number) as [number, number, number]
  if (Math.abs(lng) > 180 || Math.abs(lat) > 85.06 || zoom < 0 || zoom > 24) return null
  return { center: [round(lng, 5), round(lat, 5)], zoom: round(zoom, 2) }
}

function decodeColumns(text: string): { columns: string[]; dropped: number } {
  if (text === '*') return { columns: [...ALL_COLUMNS], dropped: 0 }
  const names = text.split('.').slice(0, 500)
  const columns = [...new Set(names.filter((c) => COLUMN.test(c)))]
  return { columns, dropped: names.length - names.filter((c) => COLUMN.test(c)).length }
}
