/**
 * State and county lines from us-atlas. The TopoJSON files are separate assets fetched at run time
 * (Vite `?url`), never bundled into JS; topojson-client turns them into line meshes, so shared
 * borders are drawn once. States (~115 KB) load at start; counties (~840 KB) only once the map is
 * zoomed in far enough to show them.
 */
import type { MultiLineString } from 'geojson'
import { mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import countiesUrl from 'us-atlas/counties-10m.json?url'
import statesUrl from 'us-atlas/states-10m.json?url'

type StatesAtlas = Topology<{ states: GeometryCollection; nation: GeometryCollection }>
type CountiesAtlas = Topology<{ states: GeometryCollection; counties: GeometryCollection; nation: GeometryCollection }>

const stateOf = (g: { id?: string | number }) => String(g.id ?? '').slice(0, 2)

export function stateLinesFromTopology(topology: StatesAtlas): MultiLineString {
  return mesh(topology, topology.objects.states)
}

/** County borders that are not also state borders (those are drawn by the state layer). */
export function countyLinesFromTopology(topology: CountiesAtlas): MultiLineString {
  return mesh(topology, topology.objects.counties, (a, b) => a !== b && stateOf(a) === stateOf(b))
}

async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal })
  if (!res.ok) throw new Error(`boundary data: HTTP ${res.status}`)
  return (await res.json()) as T
}

export async function loadStateLines(signal?: AbortSignal, url: string = statesUrl): Promise<MultiLineString> {
  return stateLinesFromTopology(await fetchJson<StatesAtlas>(url, signal))
}

export async function loadCountyLines(signal?: AbortSignal, url: string = countiesUrl): Promise<MultiLineString> {
  return countyLinesFromTopology(await fetchJson<CountiesAtlas>(url, signal))
}
