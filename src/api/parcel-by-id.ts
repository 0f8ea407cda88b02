/**
 * One parcel by its `svc_uuid`, for a click on any parcel of the map: a `/parcels/query` of one
 * `svc_uuid eq` filter, with its buildings (the details list them). The body is fixed per id, so
 * the response cache keys it like any other query page and a second click costs no call.
 */
import type { QueryRequest } from '../../contract/schemas'

export function parcelByIdBody(svcUuid: string): QueryRequest {
  return { filters: [{ field: 'svc_uuid', op: 'eq', value: svcUuid }], limit: 1, include_buildings: true }
}
