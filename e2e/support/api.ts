import type { APIRequestContext } from '@playwright/test'

/** Direct calls to the same server, to know what the app should show (never to stand in for it). */
export async function apiPost<T>(request: APIRequestContext, key: string, path: string, body: unknown): Promise<T> {
  const res = await request.post(path, { data: body, headers: { authorization: `Bearer ${key}` } })
  if (!res.ok()) throw new Error(`${path} → ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

/**
 * The query for the subject farm of the comps tests and bench:comps: the first cropland parcel of
 * 70–90 acres in Story County by id, so every run and the benchmark value the same parcel.
 */
export const SOME_FARM_QUERY = {
  filters: [
    { field: 'land_use', op: 'eq', value: 'AGRICULTURAL - CROPLAND' },
    { field: 'county_fp', op: 'eq', value: '169' },
    { field: 'acres', op: 'between', value: [70, 90] },
  ],
  order: { field: 'svc_uuid', direction: 'asc' },
  limit: 1,
}

/** A cropland farm of about 80 acres in Story County, found through the API (what the user would click). */
export async function someFarm<R extends { svc_uuid: string }>(request: APIRequestContext, key: string): Promise<R> {
  const res = await apiPost<{ results: R[] }>(request, key, '/parcels/query', SOME_FARM_QUERY)
  const farm = res.results[0]
  if (!farm) throw new Error('no farm in the demo data')
  return farm
}

/** A town lot with a street address in Story County, to fly to. */
export async function someAddress(
  request: APIRequestContext,
  key: string,
): Promise<{ situs: string; svc_uuid: string }> {
  const page = await apiPost<{ results: { situs: string; svc_uuid: string; city: string }[] }>(
    request,
    key,
    '/parcels/query',
    {
      filters: [
        { field: 'county_fp', op: 'eq', value: '169' },
        { field: 'state', op: 'eq', value: 'IA' },
        { field: 'situs', op: 'isnull', value: false },
        { field: 'acres', op: 'lt', value: 1 },
      ],
      limit: 1,
      order: { field: 'parcel_value', direction: 'desc' },
    },
  )
  const r = page.results[0]
  if (!r) throw new Error('no addressed parcel in the e2e dataset')
  return { situs: `${r.situs} ${r.city}`, svc_uuid: r.svc_uuid }
}
