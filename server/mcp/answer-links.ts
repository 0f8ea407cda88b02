/**
 * The Plat link each tool answer carries (docs/url-format.md), written with the app's own link
 * parts from `contract/` (areas, filters), so a person can open the assistant's answer in the app
 * and see the same parcels. `s=1` runs the search on opening; `v` is always last.
 */
import { COMPS_CRITERIA, type CompsChoices } from '../../contract/comps/comps-choices'
import { DEFAULT_K } from '../../contract/comps/comps-value'
import { encodeAreas, type LinkArea } from '../../contract/link-areas'
import { encodeFilters } from '../../contract/link-filters'
import type { FilterItem, OrderItem } from '../../contract/schemas'

export interface LinkSearch {
  areas?: readonly LinkArea[]
  filters?: readonly FilterItem[]
  order?: OrderItem | null
  includeBuildings?: boolean
  /** The parcel to select (its details open). */
  selected?: string
  /** Comparable sales open for this parcel (`cs`): the choices (null: the app's defaults) and date. */
  comps?: LinkComps
  /** `dv`: the data version the answer compared with, and its day (YYYY-MM-DD). */
  dataStamp?: { version: string; date: string }
}

export function platLink(appUrl: string, s: LinkSearch): string {
  const params: string[] = []
  const areas = s.areas ?? []
  if (!areas.length) params.push('m=d')
  else params.push(`a=${encodeAreas(areas)}`)
  if (s.filters?.length) params.push(`f=${encodeFilters(s.filters)}`)
  if (s.order) params.push(`o=${s.order.field}.${s.order.direction === 'desc' ? 'd' : 'a'}`)
  if (s.includeBuildings) params.push('b=1')
  params.push('s=1')
  if (s.selected) params.push(`p=${s.selected}`)
  if (s.comps) params.push(`cs=${compsSection(s.comps)}`)
  if (s.dataStamp) params.push(`dv=${s.dataStamp.version}.${s.dataStamp.date.replaceAll('-', '')}`)
  params.push('v=1')
  return `${appUrl.replace(/\/+$/, '')}/?${params.join('&')}`
}

interface LinkComps {
  id: string
  choices?: CompsChoices | null
  /** The valuation date, YYYY-MM-DD; absent or null: the latest sale in the radius. */
  asOf?: string | null
}

/**
 * The comps section in its own format (docs/url-format.md "Comparable sales"; the app's reader is
 * src/features/share/comps-codec.ts): `1~p<id>~<choices>~<asOf>`, an empty field for a default.
 */
function compsSection(c: LinkComps): string {
  const round2 = (n: number) => Math.round(n * 100) / 100
  const ch = c.choices
  const choices = ch
    ? [
        round2(ch.radiusMiles),
        ch.years,
        Math.round(ch.acresBand * 100),
        ch.priceBand === null ? 'x' : Math.round(ch.priceBand * 100),
        COMPS_CRITERIA.map((k) => ch.weights[k]).join(''),
        ...(ch.k !== undefined && ch.k !== DEFAULT_K ? [ch.k] : []),
      ].join(',')
    : ''
  return ['1', `p${c.id}`, choices, c.asOf ? c.asOf.replaceAll('-', '') : ''].join('~').replace(/~+$/, '')
}

/** A search for exactly these parcels (a lookup's answer): `svc_uuid in [...]`, the first selected. */
export function parcelsLink(appUrl: string, ids: readonly string[]): string {
  if (!ids.length) return platLink(appUrl, { filters: [{ field: 'svc_uuid', op: 'in', value: [] }] })
  return platLink(appUrl, { filters: [{ field: 'svc_uuid', op: 'in', value: [...ids] }], selected: ids[0] })
}
