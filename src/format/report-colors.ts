/**
 * How the report maps draw what matters, chosen to survive a grayscale printer: the subject is a
 * thick, dark outline with a white casing and diagonal hatching; neighbours are thin mid-grey lines;
 * search areas are dashed; left-out comps are dashed. Colour is never the only difference.
 */
export const REPORT_MAP = {
  subject: '#c8102e',
  neighbour: '#6e6e6e',
  area: '#1d4ed8',
  compIncluded: '#1f6f50',
  compExcluded: '#7d7d7d',
} as const

/** The hatch image the print map fills the subject with (a MapLibre image id and its ink). */
export const SUBJECT_HATCH = { id: 'report-subject-hatch', color: REPORT_MAP.subject } as const
