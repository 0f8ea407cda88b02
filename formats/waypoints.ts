/**
 * Waypoints for GPS and field apps: GPX 1.1 (`<wpt>` per point; Garmin, Avenza, onX and QGIS read
 * it) and KML 2.2 (a Placemark with a Point per parcel; Google Earth, Avenza). One point per parcel,
 * named after its owner, with the parcel number and acres as its description.
 */
import { degrees, xmlText } from './xml-text'

export interface Waypoint {
  lng: number
  lat: number
  name: string
  description: string
}

export const GPX_MIME = 'application/gpx+xml'
export const KML_MIME = 'application/vnd.google-earth.kml+xml'

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

export function writeKmlWaypoints(points: readonly Waypoint[], title: string): string {
  const marks = points.map(
    (p) =>
      `    <Placemark><name>${xmlText(p.name)}</name><description>${xmlText(p.description)}</description>` +
      `<Point><coordinates>${degrees(p.lng)},${degrees(p.lat)}</coordinates></Point></Placemark>\n`,
  )
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2">\n' +
    `  <Document><name>${xmlText(title)}</name>\n` +
    marks.join('') +
    '  </Document>\n</kml>\n'
  )
}
