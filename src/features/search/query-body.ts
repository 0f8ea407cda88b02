/**
 * Request bodies the planner sends. The planner's own `svc_uuid in` filter goes LAST, so the
 * server's "filters[i]" / loc [..., i] indexes for the user's filters are the user's own indexes.
 */
import { MAX_LIMIT } from '../../../contract/limits'
import type { FilterItem, OrderItem, QueryRequest } from '../../../contract/schemas'

/**
 * Load-all pages chunks by offset, which is only sound if the order is total and stable. The spec
 * leaves the default order open ("not shown"), so we ask for svc_uuid explicitly (rule 7); on the
 * reference server this is also its default, so it costs nothing.
 */
export const ID_ORDER: OrderItem = { field: 'svc_uuid', direction: 'asc' }

export function idFilter(ids: readonly string[]): FilterItem {
  return { field: 'svc_uuid', op: 'in', value: ids as string[] }
}

export function chunkBody(
  filters: readonly FilterItem[],
  ids: readonly string[],
  offset: number,
  includeBuildings: boolean,
): QueryRequest {
  return {
    filters: [...filters, idFilter(ids)],
    order: ID_ORDER,
    limit: MAX_LIMIT,
    offset,
    include_buildings: includeBuildings,
  }
}

export function pagedBody(
  filters: readonly FilterItem[],
  order: OrderItem | null,
  offset: number,
  includeBuildings: boolean,
): QueryRequest {
  return { filters: [...filters], order, limit: MAX_LIMIT, offset, include_buildings: includeBuildings }
}
