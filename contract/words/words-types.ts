/**
 * What the words parser (issue 43) gives back: the ordinary search a sentence asks for, each part
 * with the character span of the words it came from, so the words box can underline them and the
 * user can check and change every part before anything runs.
 */
import type { Operator } from '../fields'
import type { ThemeId } from '../theme-ids'

/** Half-open character range `[start, end)` in the sentence as typed. */
export interface Span {
  readonly start: number
  readonly end: number
}

/** A filter row in the spec's filter-item shape plus where it came from. */
export interface WordsFilter {
  readonly field: string
  readonly op: Operator
  readonly value: string | number | boolean | readonly (string | number)[]
  readonly span: Span
}

/** A county or state the sentence names; `fips` is the state's two digits or the county's five. */
export interface WordsPlace {
  readonly kind: 'state' | 'county'
  readonly fips: string
  readonly name: string
  readonly state: string
  readonly span: Span
}

/**
 * An area the words name but cannot draw themselves: around the user's position, the map view as
 * it is, or the area already drawn. The app turns it into a search area.
 */
export type WordsArea =
  | { readonly kind: 'around-me'; readonly miles: number; readonly span: Span }
  | { readonly kind: 'view'; readonly span: Span }
  | { readonly kind: 'drawn'; readonly span: Span }

export interface WordsOrder {
  readonly field: string
  readonly direction: 'asc' | 'desc'
  readonly span: Span
}

export interface WordsTheme {
  readonly id: ThemeId
  readonly span: Span
}

/** Words not placed; `reason` says why when the parser understood them but cannot search for them. */
export interface WordsUnknown {
  readonly text: string
  readonly span: Span
  readonly reason?: string
}

export interface WordsParse {
  readonly filters: readonly WordsFilter[]
  /** At most one county (which implies its state) or one state. */
  readonly scope: WordsPlace | null
  readonly area: WordsArea | null
  readonly order: WordsOrder | null
  readonly theme: WordsTheme | null
  readonly unknown: readonly WordsUnknown[]
}

/** A county the parser may name: Census five-digit FIPS and name without "County" ("Story"). */
export interface WordsCounty {
  readonly fips: string
  readonly name: string
}
