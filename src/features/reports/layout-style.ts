/** The report's type sizes, colours and spacing: one place, read by the layout and both renderers. */
export const INK = '#111111'
export const MUTED = '#555555'
export const RULE = '#8a8a8a'
export const HEADER_FILL = '#e4e4e4'
export const ZEBRA_FILL = '#f3f3f3'

export const SIZE = {
  kicker: 8,
  heading: 16,
  subheading: 9,
  section: 10,
  body: 8,
  small: 7,
  table: 7,
} as const

/** Line height for a type size (CSS `line-height` in points). */
export const lineHeight = (size: number) => Math.round(size * 1.3 * 100) / 100

/** Space between blocks. */
export const GAP = 10
/** Height of the footer band (rule, provenance, page number) above the bottom margin. */
export const FOOTER = 18
