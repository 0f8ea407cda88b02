/**
 * GPX 1.1 (https://www.topografix.com/GPX/1/1/), written only: a `<wpt>` per parcel for GPS and
 * field apps (Garmin, Avenza, onX and QGIS read it). The same waypoints go into KML by
 * formats/kml.ts. Plat reads no GPX: a track is no search area.
 */
import { degrees, xmlText } from './xml-text'

/** One point per parcel, on the parcel, named after its owner, the parcel number and acres as its description. */
export interface Waypoint {
  lng: number
  lat: number
  name: string
  description: string
}

export function writeGpx(points: readonly Waypoint[], title: string, time: Date = new Date()): string {
  const wpts = points.map(
    (p) =>
      `  <wpt lat="${degrees(p.lat)}" lon="${degrees(p.lng)}"><name>${xmlText(p.name)}</name><desc>${xmlText(p.description)}</desc></wpt>\n`,
  )
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="Plat" xmlns="http://www.topografix.com/GPX/1/1">\n' +
    `  <metadata><name>${xmlText(title)}</name><time>${time.toISOString()}</time></metadata>\n` +
    wpts.join('') +
    '</gpx>\n'
  )
}
