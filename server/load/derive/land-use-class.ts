/**
 * The loader's land-use step (issue 23): every distinct (land_use_code, land_use) pair of the staged
 * county is classified once by the contract's classifier (contract/land-use-classify.ts) with the
 * person's rules (`--land-use FILE`, JSON or CSV) over the built-in ones; write-county.ts joins the
 * pairs to the rows. What could not be classified is counted, with the most common such values, for
 * the summary and the report.
 */
import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import { z } from 'zod'
import { isLandUseClass, LAND_USE_CLASSES, type LandUseClass } from '../../../contract/land-use-classes'
import { classifyLandUse, type LandUseRules, prepareRules } from '../../../contract/land-use-classify'
import { type Stage, stagedColumn } from '../stage/stage-table'

/** A rules file that cannot be used: exit code 2, like a bad mapping. */
export class LandUseRulesError extends Error {}

export interface LandUsePair {
  code: string | null
  description: string | null
  cls: LandUseClass
}

export interface LandUseOutcome {
  /** the classified pairs, for write-county.ts */
  pairs: LandUsePair[]
  byClass: Partial<Record<LandUseClass, number>>
  /** records with a code or description no rule knew */
  unclassified: number
  /** records with neither a code nor a description */
  missing: number
  /** the most common unclassified values, most records first */
  unmatched: { code: string | null; description: string | null; records: number }[]
}

const UNMATCHED_SHOWN = 10
const CLASS_IDS = LAND_USE_CLASSES.map((c) => c.id).join(', ')

const Cls = z.string().refine(isLandUseClass, { message: `a class must be one of ${CLASS_IDS}` })
const RulesFile = z.strictObject({
  codes: z.record(z.string(), Cls).optional(),
  descriptions: z.record(z.string(), Cls).optional(),
  contains: z.record(z.string(), Cls).optional(),
  builtin: z.boolean().optional(),
})

/** Reads `--land-use FILE`: JSON `{codes, descriptions, contains, builtin}`, or CSV `code,class` lines. */
export function readLandUseRules(path: string): LandUseRules {
  let text: string
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
  } catch (e) {
    throw new LandUseRulesError(`cannot read the land-use rules ${path} (${(e as NodeJS.ErrnoException).code ?? e})`)
  }
  return extname(path).toLowerCase() === '.csv' ? csvRules(text, path) : jsonRules(text, path)
}

function jsonRules(text: string, path: string): LandUseRules {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new LandUseRulesError(`the land-use rules ${path} are not valid JSON (${(e as Error).message})`)
  }
  const parsed = RulesFile.safeParse(data)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
    throw new LandUseRulesError(
      `the land-use rules ${path} have problems:\n  ${problems.join('\n  ')}\n` +
        `  (expected {"codes": {"A1": "agricultural"}, "descriptions": {…}, "contains": {…}, "builtin": true}; classes: ${CLASS_IDS})`,
    )
  }
  const r = parsed.data as LandUseRules & { contains?: Record<string, LandUseClass> }
  return { ...r, contains: Object.entries(r.contains ?? {}) }
}

/** `code,class` per line; a first line naming the columns is skipped; values may be "quoted". */
function csvRules(text: string, path: string): LandUseRules {
  const codes: Record<string, LandUseClass> = {}
  const problems: string[] = []
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return
    const cells = line.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
    const [code = '', cls = ''] = cells
    if (i === 0 && !isLandUseClass(cls.toLowerCase())) return
    if (cells.length !== 2 || !code) problems.push(`line ${i + 1}: expected "code,class"`)
    else if (!isLandUseClass(cls.toLowerCase())) problems.push(`line ${i + 1}: "${cls}" is not one of ${CLASS_IDS}`)
    else codes[code] = cls.toLowerCase() as LandUseClass
  })
  if (problems.length)
    throw new LandUseRulesError(`the land-use rules ${path} have problems:\n  ${problems.join('\n  ')}`)
  return { codes }
}

export async function deriveLandUse(stage: Stage, state: string, rules: LandUseRules = {}): Promise<LandUseOutcome> {
  const prepared = prepareRules(rules)
  const rows = await stage.db.query<{ code: string | null; description: string | null; n: number }>(
    `SELECT ${stagedColumn('land_use_code')} AS code, ${stagedColumn('land_use')} AS description, count(*)::int AS n
     FROM ${stage.table} WHERE rejected IS NULL GROUP BY 1, 2`,
  )
  const out: LandUseOutcome = { pairs: [], byClass: {}, unclassified: 0, missing: 0, unmatched: [] }
  for (const r of rows) {
    const cls = classifyLandUse({ code: r.code, description: r.description, state }, prepared)
    if (cls) {
      out.pairs.push({ code: r.code, description: r.description, cls })
      out.byClass[cls] = (out.byClass[cls] ?? 0) + r.n
    } else if (r.code === null && r.description === null) out.missing += r.n
    else {
      out.unclassified += r.n
      out.unmatched.push({ code: r.code, description: r.description, records: r.n })
    }
  }
  out.unmatched.sort((a, b) => b.records - a.records)
  out.unmatched.length = Math.min(out.unmatched.length, UNMATCHED_SHOWN)
  return out
}
