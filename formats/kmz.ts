/**
 * KMZ: a zip holding a KML document (`doc.kml` by Google Earth's rule), read only, by the area
 * import. Its own module so that KML (read and written on the app's first load) does not bring the
 * unzipper along.
 */
import { unzipEntries } from './zip'

/** The KMZ's main `.kml` as text (`doc.kml` when it holds several), or why there is none. */
export function kmlOfKmz(bytes: Uint8Array): { text: string } | { problem: string } {
  const entries = unzipEntries(bytes, (name) => name.toLowerCase().endsWith('.kml'))
  if (typeof entries === 'string') return { problem: entries }
  const kml = Object.keys(entries).sort((a, b) => (a.endsWith('doc.kml') ? -1 : b.endsWith('doc.kml') ? 1 : 0))[0]
  if (!kml) return { problem: 'This KMZ holds no .kml file.' }
  return { text: new TextDecoder().decode(entries[kml]) }
}
