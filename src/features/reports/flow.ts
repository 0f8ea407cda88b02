/** The pen of the layout: the pages laid so far, where the next block goes, and the column it is in. */
import { FOOTER, INK } from './layout-style'
import { MARGIN, type Paper } from './paper'
import type { LaidItem } from './report-model'

/** Where blocks are placed: pages of items, and the pen's position on the last one. */
export class Flow {
  readonly pages: LaidItem[][] = []
  y = 0
  /** The column blocks are laid in: the page's text width, or part of it inside a `pair`. */
  x = MARGIN
  width: number
  readonly bottom: number

  constructor(
    readonly paper: Paper,
    /** Draws the page's header; returns where its content starts. */
    private readonly header: (flow: Flow, first: boolean) => number,
  ) {
    this.width = paper.width - 2 * MARGIN
    this.bottom = paper.height - MARGIN - FOOTER
    this.newPage()
  }

  get items(): LaidItem[] {
    return this.pages[this.pages.length - 1] as LaidItem[]
  }

  get room(): number {
    return this.bottom - this.y
  }

  /** A page with room for nothing yet is "fresh": a block that does not fit on one never moves on. */
  get fresh(): boolean {
    return this.y === this.top
  }

  private top = 0

  newPage(): void {
    this.pages.push([])
    this.y = this.header(this, this.pages.length === 1)
    this.top = this.y
  }

  /** Starts a new page unless `height` fits here (or this page is still empty). */
  ensure(height: number): void {
    if (height > this.room && !this.fresh) this.newPage()
  }

  /** Lays `run` in a column [x, x + width), then restores the full width; returns where it ended. */
  inColumn(x: number, width: number, run: () => void): number {
    const saved = [this.x, this.width] as const
    this.x = x
    this.width = width
    try {
      run()
    } finally {
      ;[this.x, this.width] = saved
    }
    return this.y
  }

  /** Height `run` takes when laid from the top of a fresh page (nothing is kept). */
  measure(run: (scratch: Flow) => void): number {
    const scratch = new Flow(this.paper, this.header)
    scratch.x = this.x
    scratch.width = this.width
    const top = scratch.y
    run(scratch)
    return scratch.pages.length > 1 ? Number.POSITIVE_INFINITY : scratch.y - top
  }

  text(
    t: Omit<Extract<LaidItem, { t: 'text' }>, 't' | 'color' | 'align' | 'weight'> &
      Partial<Extract<LaidItem, { t: 'text' }>>,
  ): void {
    this.items.push({ t: 'text', color: INK, align: 'left', weight: 'normal', ...t })
  }
}
