import type { Operator } from '../../../contract/fields'

/** Words people read in the operator menu; the wire names stay in the model. */
export const OPERATOR_LABELS: Record<Operator, string> = {
  ilike: 'contains',
  eq: 'equals',
  ne: 'does not equal',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  between: 'between',
  in: 'is any of',
  nin: 'is none of',
  isnull: 'is empty / has a value',
}

export const GROUP_LABELS = { text: 'Text', numeric: 'Numbers', id: 'Identifiers & categories' } as const
