import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { countyLinesFromTopology, stateLinesFromTopology } from './boundaries'

const require = createRequire(import.meta.url)
const atlas = (name: string) => JSON.parse(readFileSync(require.resolve(`us-atlas/${name}`), 'utf8'))

describe('boundary lines from us-atlas', () => {
  it('meshes state borders into one MultiLineString', () => {
    const states = stateLinesFromTopology(atlas('states-10m.json'))
    expect(states.type).toBe('MultiLineString')
    expect(states.coordinates.length).toBeGreaterThan(50)
  })

  it('meshes intra-state county borders, covering the demo counties', () => {
    const counties = countyLinesFromTopology(atlas('counties-10m.json'))
    expect(counties.type).toBe('MultiLineString')
    expect(counties.coordinates.length).toBeGreaterThan(1000)
    // Story County, IA (~-93.4, 42.0) lies inside the data's extent.
    const lons = counties.coordinates.flat().map((p) => p[0] as number)
    expect(Math.min(...lons)).toBeLessThan(-93.4)
    expect(Math.max(...lons)).toBeGreaterThan(-93.4)
  })
})
