import { z } from 'zod'

/** 400, 401, 403, 404, 413, 429, 500 bodies. */
export const ErrorBodySchema = z.object({ detail: z.string() })
export type ErrorBody = z.infer<typeof ErrorBodySchema>

const ValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
})
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>

/** 422 body: `detail` is a list of issues, each pointing at its fault with `loc`. */
export const ValidationErrorBodySchema = z.object({ detail: z.array(ValidationIssueSchema) })
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>

/** Turns zod issues into the spec's 422 items, prefixed with where the input came from. */
export function toValidationIssues(prefix: 'body' | 'query', issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    loc: [prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: issue.message,
    type: issueType(issue),
  }))
}

function issueType(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'missing'
  return issue.code
}
