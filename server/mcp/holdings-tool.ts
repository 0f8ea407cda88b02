/**
 * An owner's holdings: every parcel whose owner name contains the words, in a state (the spec's
 * rule 3: an owner filter needs a geographic scope), paged through `POST /parcels/query`, with the
 * acres and assessed value added up. The app's holdings panel groups owner names more cleverly
 * (spelling variants, mailing addresses); this tool rests on the API's `ilike` alone and says so.
 */
import { z } from 'zod'
import { MAX_LIMIT } from '../../contract/limits'
import type { FilterItem, ParcelRecord, QueryResponse } from '../../contract/schemas'
import { platLink } from './answer-links'
import type { PlatCalls } from './plat-calls'
import { plural, recordView, type ToolAnswer } from './tool-answer'

export const holdingsInput = {
  owner: z.string().min(3).max(200).describe('Words of the owner name, matched as a case-insensitive substring.'),
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .describe('Two letters: the state the holdings are looked for in (the API needs a scope for owner searches).'),
  county_fp: z
    .string()
    .regex(/^\d{3}$/)
    .optional()
    .describe('Three-digit county FIPS, to look in one county only.'),
  max_records: z
    .int()
    .min(1)
    .max(2000)
    .default(500)
    .describe('Records read at most (100 per API request); totals cover the records read.'),
}
const holdingsSchema = z.object(holdingsInput)

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

export function ownerHoldings(input: z.output<typeof holdingsSchema>, appUrl: string) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const filters: FilterItem[] = [
      { field: 'owner', op: 'ilike', value: input.owner.trim() },
      { field: 'state', op: 'eq', value: input.state.toUpperCase() },
    ]
    if (input.county_fp) filters.push({ field: 'county_fp', op: 'eq', value: input.county_fp })
    const records: ParcelRecord[] = []
    let count = 0
    do {
      const limit = Math.min(MAX_LIMIT, input.max_records - records.length)
      const body = { filters, limit, offset: records.length }
      const page = await calls.call<QueryResponse>({ method: 'POST', path: '/parcels/query', body })
      count = page.count
      records.push(...page.results)
      if (!page.results.length) break
    } while (records.length < Math.min(count, input.max_records))
    const owners = new Map<string, number>()
    for (const r of records) owners.set(String(r.owner ?? ''), (owners.get(String(r.owner ?? '')) ?? 0) + 1)
    const acres = records.reduce((s, r) => s + num(r.acres), 0)
    const value = records.reduce((s, r) => s + num(r.parcel_value), 0)
    const partial = records.length < count ? ` (totals over the first ${records.length} read)` : ''
    return {
      summary: `${plural(count, 'parcel')} in ${input.state.toUpperCase()} have an owner name containing “${input.owner.trim()}”: ${Math.round(acres * 100) / 100} acres, assessed value $${Math.round(value).toLocaleString('en-US')}${partial}.`,
      basis:
        'Rests on the API’s case-insensitive substring match on the owner name: different owners whose names contain the same words are counted together (see `owners`), and spelling variants of one owner are missed.',
      count,
      link: platLink(appUrl, { filters }),
      data: {
        read: records.length,
        total_acres: Math.round(acres * 100) / 100,
        total_parcel_value: Math.round(value),
        owners: [...owners].map(([name, parcels]) => ({ name, parcels })).sort((a, b) => b.parcels - a.parcels),
        results: records.map((r) => recordView(r, false)),
      },
    }
  }
}
