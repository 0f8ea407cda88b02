/**
 * What changed in a county since a data version (`GET /changes`, our extension: free, any valid
 * key). The link reopens the county's parcels with that version as the link's data version (`dv`),
 * so the app asks the same question and says what changed among them.
 */
import { z } from 'zod'
import { type ChangeCounts, type ChangesResponse, changeCountsText, DATA_VERSION_PATTERN } from '../../contract/changes'
import type { FilterItem } from '../../contract/schemas'
import { platLink } from './answer-links'
import type { PlatCalls } from './plat-calls'
import { plural, type ToolAnswer } from './tool-answer'

export const changesInput = {
  since: z.string().regex(DATA_VERSION_PATTERN).describe('A data version GET /coverage reported (a link’s `dv`).'),
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .describe('Two letters.'),
  county_fp: z
    .string()
    .regex(/^\d{3}$/)
    .describe('Three-digit county FIPS.'),
  limit: z.int().min(1).max(1000).default(100).describe('Changed parcels listed at most.'),
}
const changesSchema = z.object(changesInput)

export function countyChanges(input: z.output<typeof changesSchema>, appUrl: string) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const state = input.state.toUpperCase()
    const query = { since: input.since, state, county: input.county_fp, limit: input.limit }
    const answer = await calls.call<ChangesResponse>({ method: 'GET', path: '/changes', query })
    const counts: ChangeCounts = {}
    let changed = 0
    // A load's counts give each changed parcel once, by its kind's precedence (contract/changes.ts).
    for (const load of answer.loads) {
      for (const [kind, n] of Object.entries(load.counts)) {
        const k = kind as keyof ChangeCounts
        counts[k] = (counts[k] ?? 0) + n
        changed += n
      }
    }
    const filters: FilterItem[] = [
      { field: 'state', op: 'eq', value: state },
      { field: 'county_fp', op: 'eq', value: input.county_fp },
    ]
    // The day the asked-about version stopped being current (the first load after it), else today.
    const date = (answer.loads[0]?.loaded_at ?? new Date().toISOString()).slice(0, 10)
    const what = changed ? `: ${changeCountsText(counts)}` : ''
    return {
      summary: `${plural(changed, 'parcel change')} in county ${state} ${input.county_fp} since version ${input.since}, over ${plural(answer.loads.length, 'load')}${what}.`,
      count: changed,
      link: platLink(appUrl, { filters, dataStamp: { version: input.since, date } }),
      data: {
        since: answer.since,
        version: answer.version,
        counts,
        loads: answer.loads,
        changes: answer.changes,
        next: answer.next,
      },
    }
  }
}
