/**
 * Which parcels a search is about — its mode, areas (as the area call sends them) and filters — so a
 * data stamp (state/data-stamp-slice.ts) stays with its search through a re-sort or a change of
 * columns, and a new search is stamped anew.
 */
import { areaRequestBody, hashText, normalizeFilters } from '../../api/request-key'
import type { SearchSpec } from '../../state/search-spec'

export function parcelSetKey(spec: Pick<SearchSpec, 'mode' | 'areas' | 'filters'>): string {
  const areas =
    spec.mode === 'area' ? areaRequestBody(spec.areas.map((a) => a.geometry)).features.map((f) => f.geometry) : []
  return JSON.stringify({
    mode: spec.mode,
    areas: hashText(JSON.stringify(areas)),
    filters: normalizeFilters(spec.filters),
  })
}
