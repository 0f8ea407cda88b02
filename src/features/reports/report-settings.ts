/** The paper the user chose for reports, kept in localStorage; until then, the locale's own. */
import { createSettingsStore } from '../../config/settings-store'
import { defaultPaper, isPaperId, type PaperId } from './paper'

export const reportSettingsStore = createSettingsStore<{ paper: PaperId }>({
  key: 'plat.report-settings',
  storage: 'local',
  defaults: { paper: defaultPaper(typeof navigator === 'undefined' ? undefined : navigator.language) },
  read: (saved, defaults) => (isPaperId(saved?.paper) ? { paper: saved.paper } : defaults),
  write: ({ paper }) => ({ paper }),
})
