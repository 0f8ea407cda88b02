/**
 * The map/results split the person chose (issue 37), kept in localStorage: the map's share of the
 * workspace's height, in percent. The default leaves the results at least ten rows at 1440×900.
 */
import { createSettingsStore } from '../../config/settings-store'

export const SPLIT_MIN = 25
export const SPLIT_MAX = 80
/**
 * The map's share by default: on a desktop what leaves ten result rows at 1440×900 (at 42 % nine
 * showed); on a phone the same 42 % the sheet always opened at.
 */
export const SPLIT_DEFAULT = { desktop: 36, phone: 42 } as const

export function clampSplit(share: number): number {
  return Math.round(Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, share)))
}

export const splitStore = createSettingsStore<{ mapShare: number | null }>({
  key: 'plat.split',
  storage: 'local',
  // null: never moved, the layout's default.
  defaults: { mapShare: null },
  read: (saved, defaults) =>
    typeof saved?.mapShare === 'number' && Number.isFinite(saved.mapShare)
      ? { mapShare: clampSplit(saved.mapShare) }
      : defaults,
  write: ({ mapShare }) => (mapShare === null ? null : { mapShare }),
})
