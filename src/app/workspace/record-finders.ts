import type { ParcelRecord } from '../../../contract/schemas'

/**
 * Where records held outside the search are found (a portfolio, a list, an assemblage): each
 * feature that holds some adds its finder once it exists. The parcel opener asks this list, never a
 * feature directly, so the order the workspace builds its features in no longer matters.
 */
export class RecordFinders {
  private readonly finders: ((id: string) => ParcelRecord | undefined)[] = []

  add(find: (id: string) => ParcelRecord | undefined): void {
    this.finders.push(find)
  }

  find = (id: string): ParcelRecord | undefined => {
    for (const find of this.finders) {
      const record = find(id)
      if (record) return record
    }
    return undefined
  }
}
