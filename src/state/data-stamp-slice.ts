/**
 * Which data version the search on screen is about (issue 23): the `version` GET /coverage reported
 * when the search was run, and the day. A link or saved search carries it (`dv=`, share/), so when
 * it is opened after the data changed the app can ask GET /changes what changed since. The stamp is
 * kept with the key of the search it belongs to (which parcels: mode, areas, filters), so a new
 * search is stamped anew and a re-sort keeps the link's stamp.
 */
import type { StateCreator } from 'zustand'

export interface DataStamp {
  version: string
  /** the day the search was run, YYYY-MM-DD */
  date: string
}

export interface DataStampSlice {
  dataStamp: { stamp: DataStamp; searchKey: string } | null
  setDataStamp(stamp: DataStamp | null, searchKey: string | null): void
}

export const createDataStampSlice: StateCreator<DataStampSlice, [], [], DataStampSlice> = (set) => ({
  dataStamp: null,
  setDataStamp: (stamp, searchKey) =>
    set((s) => {
      const next = stamp && searchKey !== null ? { stamp, searchKey } : null
      const same =
        s.dataStamp?.searchKey === next?.searchKey &&
        s.dataStamp?.stamp.version === next?.stamp.version &&
        s.dataStamp?.stamp.date === next?.stamp.date
      return same ? s : { dataStamp: next }
    }),
})
