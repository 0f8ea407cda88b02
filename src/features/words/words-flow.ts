/**
 * The words box's flow (issue 43): a sentence is read in the browser (contract/words, no call) and
 * set up as the ordinary search — filter rows, county or state scope, sort, theme, and the area the
 * words name — in the store, where the filter panel shows it and the person can change it. Nothing
 * runs until `search()`; the result is an ordinary Plat search and link.
 */
import { parseWords } from '../../../contract/words/parse-words'
import { searchFilters } from '../../../contract/words/search-filters'
import type { WordsArea, WordsParse } from '../../../contract/words/words-types'
import { checkDrawnArea } from '../../geo/validate-area'
import { viewRectangle } from '../../geo/view-area'
import type { FeatureContext } from '../../ports/feature-context'
import { ValueStore } from '../../state/value-store'
import { bufferGeometry, toMeters } from '../import/buffer-area'
import { coverageWordsCounties } from './words-counties'

export interface WordsState {
  /** The sentence last read (what the parse's spans point into). */
  sentence: string
  parse: WordsParse | null
  /** Why the area the words name could not be set up, in words; null when it was (or none was named). */
  notice: string | null
}

export interface WordsDeps {
  /** The device's position as [lon, lat]; rejects with a reason a person can read. */
  locate(): Promise<[number, number]>
}

const EMPTY: WordsState = { sentence: '', parse: null, notice: null }

export class WordsFlow {
  readonly state = new ValueStore<WordsState>(EMPTY)
  /** Bumped by every read and clear, so a position that arrives late never sets up an older sentence's area. */
  private reading = 0

  constructor(
    private readonly ctx: FeatureContext,
    private readonly deps: WordsDeps,
  ) {}

  /** Reads the sentence and sets its search up (not run). */
  read(sentence: string): WordsParse {
    const parse = parseWords(sentence, coverageWordsCounties(this.ctx.counties()))
    const turn = ++this.reading
    const s = this.ctx.store.getState()
    s.setFilters(searchFilters(parse))
    s.setOrder(parse.order ? { field: parse.order.field, direction: parse.order.direction } : null)
    if (parse.theme) s.setTheme(parse.theme.id)
    this.state.set({ sentence, parse, notice: this.setArea(parse.area, turn) })
    return parse
  }

  /** Runs the search set up now; on a phone the controls sheet closes so the results show. */
  search(): void {
    const s = this.ctx.store.getState()
    s.submit()
    s.setSearchSheetOpen(false)
  }

  /** The filter panel, where the rows can be changed: on a phone it is a sheet that opens over the map. */
  showFilters(): void {
    this.ctx.store.getState().setSearchSheetOpen(true)
  }

  clear(): void {
    this.reading++
    this.state.set(EMPTY)
  }

  /** Sets up the area the words name; says why it could not, in words (null: set up, or none named). */
  private setArea(area: WordsArea | null, turn: number): string | null {
    const s = this.ctx.store.getState()
    if (!area) {
      s.setMode('direct')
      return null
    }
    if (area.kind === 'drawn') {
      s.setMode('area')
      return s.areas.length === 0 ? 'No area is drawn yet: draw one before you search.' : null
    }
    if (area.kind === 'view') {
      const bounds = this.ctx.map()?.bounds()
      if (!bounds) return 'The map is not shown yet, so its view cannot be the area.'
      const rect = viewRectangle(bounds)
      if (!checkDrawnArea(rect).valid) return 'Zoom in further to search the map view.'
      s.clearAreas()
      this.ctx.addAreas([rect], 'the map view', 'The map view')
      return null
    }
    this.aroundMe(area.miles, turn)
    return null
  }

  private aroundMe(miles: number, turn: number): void {
    this.deps.locate().then(
      ([lon, lat]) => {
        if (turn !== this.reading) return
        const { polygons, problem } = bufferGeometry({ type: 'Point', coordinates: [lon, lat] }, toMeters(miles, 'mi'))
        if (problem) {
          this.note(problem)
          return
        }
        this.ctx.store.getState().clearAreas()
        this.ctx.addAreas(polygons, 'your position', `Within ${miles} mi of you`)
      },
      (e: unknown) => {
        if (turn !== this.reading) return
        this.note(`Your position is not known (${e instanceof Error ? e.message : String(e)}), so the area is not set.`)
      },
    )
  }

  private note(notice: string): void {
    this.state.set({ ...this.state.get(), notice })
  }
}

/** The browser's geolocation, once, as the words' "here". */
export function browserPosition(): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) return reject(new Error('this browser gives no position'))
    navigator.geolocation.getCurrentPosition(
      (p) => resolve([p.coords.longitude, p.coords.latitude]),
      (e) => reject(new Error(e.message || 'the position was refused')),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    )
  })
}
