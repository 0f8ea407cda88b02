/**
 * Paper sizes for printed reports, in PostScript points (1/72 in), the unit of the whole layout
 * (CSS prints `pt` at exactly that size, and a PDF page is measured in it). The default follows the
 * user's region: US Letter where it is the office paper, A4 everywhere else.
 */
export type PaperId = 'letter' | 'a4'

export interface Paper {
  id: PaperId
  label: string
  /** Page size in points. */
  width: number
  height: number
  /** The CSS `@page size` keyword. */
  css: string
}

export const PAPERS: Record<PaperId, Paper> = {
  letter: { id: 'letter', label: 'US Letter', width: 612, height: 792, css: 'letter' },
  // 210 × 297 mm.
  a4: { id: 'a4', label: 'A4', width: 595.28, height: 841.89, css: 'A4' },
}

/** Page margin on every side: half an inch, inside what every office printer can reach. */
export const MARGIN = 36

/**
 * Regions whose offices use US Letter (the rest of the world uses A4): the US and its territories,
 * Canada, Mexico, the Philippines and most of Central America and the Andean north.
 */
const LETTER_REGIONS = new Set([
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  'CA',
  'MX',
  'PH',
  'CL',
  'CO',
  'VE',
  'CR',
  'GT',
  'PA',
  'DO',
  'SV',
  'NI',
  'BZ',
])

/** The paper for a BCP 47 locale ("en-US" → letter, "de-DE" → a4); a bare "en" counts as US English. */
export function defaultPaper(locale: string | undefined): PaperId {
  if (!locale) return 'letter'
  let region: string | undefined
  try {
    region = new Intl.Locale(locale).maximize().region
  } catch {
    region = /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]
  }
  return region && !LETTER_REGIONS.has(region.toUpperCase()) ? 'a4' : 'letter'
}

export function isPaperId(v: unknown): v is PaperId {
  return v === 'letter' || v === 'a4'
}
