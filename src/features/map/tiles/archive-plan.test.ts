import { describe, expect, it } from 'vitest'
import { lngLatToTile } from '../../../../contract/tile-math'
import type { ArchiveFacts } from '../../../../contract/tiles-archive'
import { archivePlan, archiveServes } from './archive-plan'

const STORY = { state_fp: '19', county_fp: '169', parcels: 64, loaded_at: '2026-11-01T10:00:00.000Z' }
const BOONE = { state_fp: '19', county_fp: '015', parcels: 16, loaded_at: '2026-11-01T10:05:00.000Z' }
const storyBox: [number, number, number, number] = [-93.7, 41.86, -93.23, 42.21]
const booneBox: [number, number, number, number] = [-94.16, 41.86, -93.7, 42.21]
const facts: ArchiveFacts = {
  data_version: 'v1',
  state: null,
  min_zoom: 10,
  max_zoom: 16,
  tile_max_kb: 512,
  built_at: '2026-11-02T00:00:00.000Z',
  counties: [
    { ...STORY, bbox: storyBox, archived: true },
    { ...BOONE, bbox: booneBox, archived: true },
  ],
}
const county = (c: typeof STORY, bbox: typeof storyBox) => ({ ...c, state: 'IA', county: 'X', bbox })
const at = (lng: number, lat: number, z: number) => ({ z, ...lngLatToTile(lng, lat, z) })

describe('archivePlan', () => {
  it('serves every tile from the archive while the coverage is the archive’s version', () => {
    const plan = archivePlan(facts, { version: 'v1', counties: [county(STORY, storyBox), county(BOONE, booneBox)] })
    expect(plan.unsafe).toEqual([])
    expect(archiveServes(at(-93.5, 42, 14), plan)).toBe(true)
    // Outside its zooms: live (below z10 the live answer is empty anyway; past z16 the map overzooms).
    expect(archiveServes(at(-93.5, 42, 9), plan)).toBe(false)
  })

  it('sends the tiles of a county reloaded since to the live endpoint, and only those', () => {
    const reloaded = { ...BOONE, loaded_at: '2026-11-20T09:00:00.000Z' }
    const plan = archivePlan(facts, { version: 'v2', counties: [county(STORY, storyBox), county(reloaded, booneBox)] })
    expect(plan.unsafe).toEqual([booneBox, booneBox])
    expect(archiveServes(at(-93.5, 42, 14), plan)).toBe(true)
    expect(archiveServes(at(-94, 42, 14), plan)).toBe(false)
    // A tile on the county line reaches the reloaded county: live.
    expect(archiveServes(at(-93.7005, 42, 16), plan)).toBe(false)
    // A z10 tile spanning both: live.
    expect(archiveServes(at(-93.7, 42, 10), plan)).toBe(false)
  })

  it('treats a county loaded after the archive, or deleted since, as not in it', () => {
    const polk = { state_fp: '19', county_fp: '153', parcels: 9, loaded_at: '2026-11-21T00:00:00.000Z' }
    const polkBox: [number, number, number, number] = [-93.82, 41.5, -93.33, 41.86]
    const added = archivePlan(facts, {
      version: 'v3',
      counties: [county(STORY, storyBox), county(BOONE, booneBox), county(polk, polkBox)],
    })
    expect(added.unsafe).toEqual([polkBox])
    const deleted = archivePlan(facts, { version: 'v4', counties: [county(STORY, storyBox)] })
    expect(deleted.unsafe).toEqual([booneBox])
    expect(archiveServes(at(-94, 42, 14), deleted)).toBe(false)
  })

  it('a state archive leaves the counties it does not hold to the live endpoint', () => {
    const stateOnly = { ...facts, counties: [facts.counties[0]!, { ...facts.counties[1]!, archived: false }] }
    const plan = archivePlan(stateOnly, { version: 'v1', counties: [county(STORY, storyBox), county(BOONE, booneBox)] })
    expect(plan.unsafe).toEqual([booneBox])
  })
})
