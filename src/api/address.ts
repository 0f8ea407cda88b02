/**
 * GET /parcels/address?address&limit&state&county_fp → {results, count}, best match first.
 * `useAddressLookup` debounces typing and asks only from 3 characters on (each call is billed).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { type LookupResponse, LookupResponseSchema } from '../../contract/schemas'
import type { ApiError } from './api-error'
import { type Connection, currentConnection, useConnection } from './connection'
import { apiFetch } from './http'
import { addressKey, normalizeAddress } from './request-key'

export interface AddressParams {
  address: string
  limit?: number
  state?: string
  countyFp?: string
  includeBuildings?: boolean
}

const ADDRESS_MIN_CHARS = 3
const ADDRESS_DEBOUNCE_MS = 300

export function fetchAddress(conn: Connection, p: AddressParams, signal?: AbortSignal): Promise<LookupResponse> {
  const query = {
    address: p.address,
    limit: p.limit,
    state: p.state,
    county_fp: p.countyFp,
    include_buildings: p.includeBuildings,
  }
  return apiFetch(conn, { method: 'GET', path: '/parcels/address', query }, LookupResponseSchema, signal)
}

function addressQueryOptions(baseUrl: string, p: AddressParams) {
  const params = { ...p, address: normalizeAddress(p.address) }
  return queryOptions<LookupResponse, ApiError>({
    queryKey: addressKey(baseUrl, params),
    queryFn: async ({ signal }) => fetchAddress(await currentConnection(), params, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export interface AddressLookup {
  data: LookupResponse | undefined
  error: ApiError | null
  isPending: boolean
  /** `data` answers exactly the text in the box now (not the previous keystroke's answer kept on screen). */
  fresh: boolean
}

export function useAddressLookup(text: string, options: Omit<AddressParams, 'address'> = {}): AddressLookup {
  const { baseUrl } = useConnection()
  const debounced = useDebounced(normalizeAddress(text), ADDRESS_DEBOUNCE_MS)
  const enabled = debounced.length >= ADDRESS_MIN_CHARS
  const q = useQuery({
    ...addressQueryOptions(baseUrl, { ...options, address: debounced }),
    enabled,
    // Keep the last list on screen while the next keystroke's answer is on its way.
    placeholderData: keepPreviousData,
  })
  const typing = normalizeAddress(text) !== debounced
  return {
    data: enabled ? q.data : undefined,
    error: enabled ? (q.error ?? null) : null,
    isPending: normalizeAddress(text).length >= ADDRESS_MIN_CHARS && (typing || q.isFetching),
    fresh: enabled && !typing && q.isSuccess && !q.isPlaceholderData,
  }
}

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setCurrent(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return current
}
