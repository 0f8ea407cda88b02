/**
 * Identify mode and address picks share one "looked-up parcels" state: the records found, drawn as
 * dashed outlines and offered in the details panel. Point lookups go through the core `usePointLookup`.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ParcelRecord } from '../../contract/schemas'
import { usePointLookup } from '../api/point'

export interface LookupState {
  source: 'point' | 'address'
  records: ParcelRecord[]
  at?: { lng: number; lat: number }
}

export function useIdentify(onFound: (records: ParcelRecord[]) => void) {
  const point = usePointLookup()
  const [lookup, setLookup] = useState<LookupState | null>(null)
  const pendingAt = useRef<{ lng: number; lat: number } | null>(null)
  const onFoundRef = useRef(onFound)
  onFoundRef.current = onFound

  const identify = useCallback(
    (at: { lng: number; lat: number }) => {
      pendingAt.current = at
      point.lookup(at)
    },
    [point.lookup],
  )

  useEffect(() => {
    const at = pendingAt.current
    if (!point.data || !at) return
    pendingAt.current = null
    const records = point.data.results
    setLookup({ source: 'point', records, at })
    onFoundRef.current(records)
  }, [point.data])

  const showAddress = useCallback((record: ParcelRecord) => setLookup({ source: 'address', records: [record] }), [])
  const clear = useCallback(() => setLookup(null), [])

  return { lookup, identify, showAddress, clear, isPending: point.isPending, error: point.error }
}
