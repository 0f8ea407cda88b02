/**
 * `npm run load -- --counties LIST.csv`: the counties of a state (or any set) as one CSV, a row per
 * county file, read and checked whole before any county loads, so a typo in row 60 costs nothing
 * rather than an hour. Each row becomes the command line of a one-county load (load-counties.ts runs
 * it), so a county in a list loads exactly as it would alone. CSV because the people who keep such a
 * list keep it in a spreadsheet.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Papa from 'papaparse'
import { checkSource } from '../readers/open-source'
import { SourceError } from '../readers/source'
import { MappingError, readMappingFile } from '../rows/mapping'
import { stateFips } from '../states'

/** A mistake in the list: printed as it is, exit code 2, before any county loads. */
export class CountyListError extends Error {}

/** Columns a row may fill; `file`, `county_fp` and `county` are required, the rest default to the command's flags. */
const COLUMNS = ['file', 'state', 'county_fp', 'county', 'map', 'crs', 'layer', 'join', 'on'] as const
type Column = (typeof COLUMNS)[number]

/** The command's own flags: every row's default for its empty cells, and what every row shares. */
export interface ListDefaults {
  state?: string
  map?: string
  crs?: string
  layer?: string
  /** passed to every county's load as given */
  shared: string[]
}

export interface CountyJob {
  /** "Story County, IA (19169)" */
  label: string
  /** what prefixes the county's progress lines: "IA 169 Story" */
  tag: string
  state_fp: string
  county_fp: string
  /** the one-county load's arguments (`FILE --state … --county-fp … --county … --map …`) */
  args: string[]
}

const PROBLEMS_SHOWN = 20

export function readCountyList(path: string, defaults: ListDefaults): CountyJob[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
  } catch (e) {
    throw new CountyListError(`cannot read the county list ${path} (${(e as NodeJS.ErrnoException).code ?? e})`)
  }
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  })
  const header = parsed.meta.fields ?? []
  const unknown = header.filter((h) => !(COLUMNS as readonly string[]).includes(h))
  const missing = (['file', 'county_fp', 'county'] as const).filter((c) => !header.includes(c))
  if (unknown.length || missing.length) {
    throw new CountyListError(
      `the county list ${path} ${[
        missing.length && `lacks the column(s) ${missing.join(', ')}`,
        unknown.length && `has column(s) the loader does not know: ${unknown.join(', ')}`,
      ]
        .filter(Boolean)
        .join(' and ')}; its first line names the columns: ${COLUMNS.join(',')} (file, county_fp and county required)`,
    )
  }
  const base = dirname(path)
  const problems: string[] = []
  const jobs: CountyJob[] = []
  const seen = new Map<string, number>()
  parsed.data.forEach((raw, i) => {
    const line = i + 2
    const cell = (c: Column) => raw[c]?.trim() || undefined
    const at = (p: string | undefined) => (p ? resolve(base, p) : undefined)
    const row = {
      file: at(cell('file')),
      state: (cell('state') ?? defaults.state)?.toUpperCase(),
      county_fp: cell('county_fp'),
      county: cell('county'),
      map: at(cell('map')) ?? defaults.map,
      crs: cell('crs') ?? defaults.crs,
      layer: cell('layer') ?? defaults.layer,
      join: at(cell('join')),
      on: cell('on'),
    }
    const wrong = rowProblems(row)
    if (wrong.length) {
      problems.push(...wrong.map((w) => `line ${line}: ${w}`))
      return
    }
    const state_fp = stateFips(row.state!)!
    const county_fp = row.county_fp!.padStart(3, '0')
    const fips = state_fp + county_fp
    const first = seen.get(fips)
    if (first !== undefined) {
      problems.push(`line ${line}: ${row.state} ${county_fp} is on line ${first} too (a county loads once per run)`)
      return
    }
    seen.set(fips, line)
    jobs.push({
      label: `${row.county} County, ${row.state} (${fips})`,
      tag: `${row.state} ${county_fp} ${row.county}`,
      state_fp,
      county_fp,
      args: [
        row.file!,
        ...['--state', row.state!, '--county-fp', county_fp, '--county', row.county!, '--map', row.map!],
        ...(row.crs ? ['--crs', row.crs] : []),
        ...(row.layer ? ['--layer', row.layer] : []),
        ...(row.join ? ['--join', row.join, '--on', row.on!] : []),
        ...defaults.shared,
      ],
    })
  })
  if (problems.length) {
    const more = problems.length > PROBLEMS_SHOWN ? `\n  … and ${problems.length - PROBLEMS_SHOWN} more` : ''
    throw new CountyListError(
      `the county list ${path} has problems (nothing was loaded):\n  ${problems.slice(0, PROBLEMS_SHOWN).join('\n  ')}${more}`,
    )
  }
  if (jobs.length === 0) throw new CountyListError(`the county list ${path} has no rows`)
  return jobs
}

/** What is wrong with one row, in words (none: it can load). The mapping is read here to check it; the load reads it again. */
function rowProblems(row: Partial<Record<Column, string>>): string[] {
  const out: string[] = []
  if (!row.file) out.push('no file')
  else {
    try {
      checkSource(row.file)
    } catch (e) {
      if (!(e instanceof SourceError)) throw e
      out.push(e.message)
    }
  }
  if (!row.state || !stateFips(row.state))
    out.push('state: a two-letter state abbreviation (or --state XX for every row)')
  if (!row.county_fp || !/^\d{1,3}$/.test(row.county_fp)) out.push('county_fp: the county FIPS code (e.g. 169)')
  if (!row.county) out.push('county: the county name (e.g. Story)')
  if (!row.map) out.push('map: the mapping file (or --map MAPPING.json for every row)')
  else {
    try {
      readMappingFile(row.map)
    } catch (e) {
      if (!(e instanceof MappingError)) throw e
      out.push(e.message)
    }
  }
  if (Boolean(row.join) !== Boolean(row.on)) out.push('join and on go together (on: PARCEL_NO or PARCEL_NO=PIN)')
  return out
}
