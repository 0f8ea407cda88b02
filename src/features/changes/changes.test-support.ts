/** A change-log entry for tests of the changes feature (contract/changes.ts ParcelChange). */
import type { ParcelChange } from '../../../contract/changes'

let next = 1

export const change = (
  kind: ParcelChange['kind'],
  svc_uuid: string,
  extra: Partial<ParcelChange> = {},
): ParcelChange => ({
  id: next++,
  svc_uuid,
  kind,
  facets: [kind],
  related: [],
  state_fp: '19',
  county_fp: '169',
  version: 'v1',
  loaded_at: '2025-03-10T12:00:00.000Z',
  parcel_id: svc_uuid.toUpperCase(),
  situs: null,
  lon: -93.6,
  lat: 42.02,
  before: null,
  after: null,
  ...extra,
})
