/**
 * The Plat link each tool answer carries (docs/url-format.md), written with the app's own link
 * parts from `contract/` (areas, filters), so a person can open the assistant's answer in the app
 * and see the same parcels. `s=1` runs the search on opening; `v` is always last.
 */
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
  /** Comparable sales open for this parcel, with the app's default choices (`cs`). */
  compsFor?: string
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
  // The comps section's own format (version 1, parcel subject, default choices, latest sale): docs/url-format.md "cs".
  if (s.compsFor) params.push(`cs=1~p${s.compsFor}`)
  if (s.dataStamp) params.push(`dv=${s.dataStamp.version}.${s.dataStamp.date.replaceAll('-', '')}`)
  params.push('v=1')
  return `${appUrl.replace(/\/+$/, '')}/?${params.join('&')}`
}

/** A search for exactly these parcels (a lookup's answer): `svc_uuid in [...]`, the first selected. */
export function parcelsLink(appUrl: string, ids: readonly string[]): string {
  if (!ids.length) return platLink(appUrl, { filters: [{ field: 'svc_uuid', op: 'in', value: [] }] })
  return platLink(appUrl, { filters: [{ field: 'svc_uuid', op: 'in', value: [...ids] }], selected: ids[0] })
}
