/**
 * What a key's plan may include: the spec's four parcel endpoints, and `tiles` (parcel vector tiles,
 * docs/api.md "Parcel tiles and coverage"), which is never counted against the monthly allowance.
 */
export const ENDPOINTS = ['area', 'query', 'point', 'address', 'tiles'] as const
export type Endpoint = (typeof ENDPOINTS)[number]

/** `requests` counts every successful call (the spec's monthly request allowance); `records` counts
 * records returned, as hosted parcel APIs bill. */
export const QUOTA_UNITS = ['requests', 'records'] as const
export type QuotaUnit = (typeof QUOTA_UNITS)[number]

export interface ApiKey {
  id: string
  name: string
  keyPrefix: string
  endpoints: Endpoint[]
  monthlyLimit: number | null
  quotaUnit: QuotaUnit
  active: boolean
  createdAt: string
}

/** Usage is bucketed per calendar month, UTC. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7)
}
