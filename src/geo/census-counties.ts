/**
 * County boundaries from the Census (us-atlas, 1:10m): the list of a state's counties and one
 * county's outline as polygons, for "Search a county". The TopoJSON is a separate asset (the map's
 * county lines use the same file, so it is usually cached already), fetched on first use.
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import countiesUrl from 'us-atlas/counties-10m.json?url'

type CountiesAtlas = Topology<{ counties: GeometryCollection<{ name: string }> }>

export interface CensusCounty {
  /** Five digits: state FIPS + county FIPS. */
  fips: string
  name: string
}

let atlas: Promise<CountiesAtlas> | null = null

function load(url = countiesUrl): Promise<CountiesAtlas> {
  atlas ??= fetch(url).then((res) => {
    if (!res.ok) throw new Error(`county boundaries: HTTP ${res.status}`)
    return res.json() as Promise<CountiesAtlas>
  })
  atlas.catch(() => {
    atlas = null // let a later attempt try again
  })
  return atlas
}

function countiesOfState(topology: CountiesAtlas, stateFips: string): CensusCounty[] {
  return topology.objects.counties.geometries
    .map((g) => ({ fips: String(g.id ?? ''), name: (g.properties as { name?: string } | undefined)?.name ?? '' }))
    .filter((c) => c.fips.startsWith(stateFips) && c.name)
    .sort((a, b) => a.name.localeCompare(b.name))
}

function countyOutline(topology: CountiesAtlas, fips: string): Polygon[] {
  const g = topology.objects.counties.geometries.find((x) => String(x.id) === fips)
  if (!g) return []
  const geometry = (feature(topology, g) as { geometry: Polygon | MultiPolygon | null }).geometry
  if (!geometry) return []
  if (geometry.type === 'Polygon') return [geometry]
  return geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
}

export async function loadCountiesOfState(stateFips: string): Promise<CensusCounty[]> {
  return countiesOfState(await load(), stateFips)
}

export async function loadCountyOutline(fips: string): Promise<Polygon[]> {
  return countyOutline(await load(), fips)
}

/** The outlines of the given counties (5-digit FIPS), for the map's coverage shading. */
export async function loadCountyShapes(fips: readonly string[]): Promise<Feature<Polygon | MultiPolygon>[]> {
  const topology = await load()
  const wanted = new Set(fips)
  return topology.objects.counties.geometries
    .filter((g) => wanted.has(String(g.id)))
    .map((g) => feature(topology, g) as Feature<Polygon | MultiPolygon>)
    .filter((f) => f.geometry !== null)
}
