/**
 * Filters the connected server cannot evaluate (our extension fields on a server that does not list
 * them in `/coverage`): the search sends the others and applies these to the records that arrive,
 * in the browser. Such a search loads every match of the other filters (no on-demand paging: the
 * count the server reports is not the count the user asked for), and says so on screen with how
 * many records it loaded and kept.
 */
import { readExtensionAware } from '../../../contract/extension-fields'
import { isExtensionField } from '../../../contract/fields'
import { matchesAll } from '../../../contract/filter-match'
import type { FilterItem, ParcelRecord } from '../../../contract/schemas'

export interface FilterSplit {
  /** Sent to the server, in the user's order. */
  server: FilterItem[]
  /** Applied here. */
  local: FilterItem[]
  /** `serverIndex[i]`: the user's row of server filter `i` (a server error names its index). */
  serverIndex: number[]
}

/** Splits `filters` by what the server evaluates (`serverExtensions`: the extension fields it lists). */
export function splitFilters(filters: readonly FilterItem[], serverExtensions: ReadonlySet<string>): FilterSplit {
  const split: FilterSplit = { server: [], local: [], serverIndex: [] }
  filters.forEach((f, i) => {
    if (isExtensionField(f.field) && !serverExtensions.has(f.field)) split.local.push(f)
    else {
      split.server.push(f)
      split.serverIndex.push(i)
    }
  })
  return split
}

export const needsServerExtensions = (filters: readonly FilterItem[]): boolean =>
  filters.some((f) => isExtensionField(f.field))

/** What the snapshot says about filtering done here. */
export interface LocalFilterTally {
  /** The fields filtered here, once each, in the user's order. */
  fields: string[]
  /** Records the server sent (they count against the allowance). */
  loaded: number
  /** Of those, the ones that match the local filters (the rows shown). */
  kept: number
}

export class LocalFilter {
  readonly tally: LocalFilterTally

  constructor(private readonly filters: readonly FilterItem[]) {
    this.tally = { fields: [...new Set(filters.map((f) => f.field))], loaded: 0, kept: 0 }
  }

  keep(records: ParcelRecord[]): ParcelRecord[] {
    const kept = records.filter((r) => matchesAll(r, this.filters, 'sql', readExtensionAware))
    this.tally.loaded += records.length
    this.tally.kept += kept.length
    return kept
  }
}
