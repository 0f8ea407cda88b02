import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CountyListError, readCountyList } from './county-list'

describe('the county list of `npm run load -- --counties`', () => {
  let dir: string
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text)
    return join(dir, name)
  }
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'plat-county-list-'))
    write('mapping.json', '{"parcel_id": "PIN"}')
    write('other.json', '{"owner": "OWNER"}')
    write('story.geojson', '{}')
    write('boone.zip', '')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('makes each row a one-county load, paths from the list folder, the flags as defaults', () => {
    const list = write(
      'iowa.csv',
      '\uFEFFFile,County_FP,County,map\nstory.geojson,169,Story,\n"boone.zip",15,"Boone",other.json\n',
    )
    const jobs = readCountyList(list, { state: 'ia', map: join(dir, 'mapping.json'), shared: ['--replace'] })
    expect(jobs.map((j) => [j.label, j.tag])).toEqual([
      ['Story County, IA (19169)', 'IA 169 Story'],
      ['Boone County, IA (19015)', 'IA 015 Boone'],
    ])
    expect(jobs[1]!.args).toEqual([
      join(dir, 'boone.zip'),
      ...['--state', 'IA', '--county-fp', '015', '--county', 'Boone', '--map', join(dir, 'other.json')],
      '--replace',
    ])
    expect(jobs[0]!.args).toContain(join(dir, 'mapping.json'))
  })

  it('names every problem of the list, by line, before anything loads', () => {
    const list = write(
      'bad.csv',
      'file,state,county_fp,county\nmissing.geojson,IA,169,Story\nstory.geojson,XX,1234,\nstory.geojson,IA,169,Story\nboone.zip,IA,0169,Again\n',
    )
    const error = (() => {
      try {
        readCountyList(list, { map: join(dir, 'mapping.json'), shared: [] })
      } catch (e) {
        return e as Error
      }
    })()
    expect(error).toBeInstanceOf(CountyListError)
    expect(error?.message).toContain('line 2: ')
    expect(error?.message).toContain('missing.geojson: no such file')
    expect(error?.message).toContain('line 3: state: a two-letter state abbreviation')
    expect(error?.message).toContain('line 3: county_fp: the county FIPS code')
    expect(error?.message).toContain('line 3: county: the county name')
    expect(error?.message).toMatch(/line 5: .*county_fp/)
  })

  it('refuses a county listed twice, a column it does not know, and a list without rows', () => {
    const twice = write('twice.csv', 'file,county_fp,county\nstory.geojson,169,Story\nboone.zip,169,Story\n')
    expect(() => readCountyList(twice, { state: 'IA', map: join(dir, 'mapping.json'), shared: [] })).toThrow(
      'line 3: IA 169 is on line 2 too (a county loads once per run)',
    )
    const typo = write('typo.csv', 'file,county_fp,county,mapping\nstory.geojson,169,Story,x\n')
    expect(() => readCountyList(typo, { state: 'IA', shared: [] })).toThrow(
      'has column(s) the loader does not know: mapping',
    )
    const empty = write('empty.csv', 'file,county_fp,county\n')
    expect(() => readCountyList(empty, { state: 'IA', map: join(dir, 'mapping.json'), shared: [] })).toThrow(
      'has no rows',
    )
  })
})
