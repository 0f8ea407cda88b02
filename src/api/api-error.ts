/**
 * Every failure of a call to the Parcel API becomes one `ApiError` value with a kind the UI can act
 * on (settings for auth, a banner for quota, the filter row for 400/422) and a message a person can
 * read. The API key never appears in any of it: callers pass it in only so it can be scrubbed.
 */
import { ErrorBodySchema, ValidationErrorBodySchema, type ValidationIssue } from '../../contract/errors'

export type ApiErrorKind =
  | 'network'
  | 'auth'
  | 'forbidden'
  | 'invalid'
  | 'validation'
  | 'too-large'
  | 'quota'
  | 'server'

export interface ApiErrorInit {
  status: number
  kind: ApiErrorKind
  detail: string
  issues?: ValidationIssue[]
  filterIndex?: number
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly kind: ApiErrorKind
  readonly detail: string
  readonly issues?: ValidationIssue[]
  readonly filterIndex?: number

  constructor(init: ApiErrorInit, message = messageFor(init)) {
    super(message)
    this.status = init.status
    this.kind = init.kind
    this.detail = init.detail
    if (init.issues) this.issues = init.issues
    if (init.filterIndex !== undefined) this.filterIndex = init.filterIndex
  }

  /** The same error pointing at another filter (or none): the planner renumbers around its own filter. */
  withFilterIndex(filterIndex: number | undefined): ApiError {
    return new ApiError({ status: this.status, kind: this.kind, detail: this.detail, issues: this.issues, filterIndex })
  }
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'auth'
  if (status === 403) return 'forbidden'
  if (status === 413) return 'too-large'
  if (status === 422) return 'validation'
  if (status === 429) return 'quota'
  if (status >= 500) return 'server'
  // 400, 404 and any other 4xx: the request itself is wrong; retrying cannot help.
  return 'invalid'
}

/** Builds the error for a non-2xx answer from its status and (already JSON-parsed, maybe absent) body. */
export function apiErrorFromResponse(status: number, body: unknown, apiKey: string): ApiError {
  const kind = kindForStatus(status)
  const validation = ValidationErrorBodySchema.safeParse(body)
  if (validation.success) {
    const issues = validation.data.detail.map((i) => ({ ...i, msg: redact(i.msg, apiKey) }))
    return new ApiError({
      status,
      kind,
      detail: issues.map(describeIssue).join('; '),
      issues,
      filterIndex: filterIndexFromIssues(issues),
    })
  }
  const plain = ErrorBodySchema.safeParse(body)
  const detail = redact(plain.success ? plain.data.detail : `HTTP ${status}`, apiKey)
  return new ApiError({ status, kind, detail, filterIndex: filterIndexFromDetail(detail) })
}

/** fetch itself failed (DNS, refused, CORS, offline): no status. */
export function networkError(cause: unknown, apiKey: string): ApiError {
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new ApiError({ status: 0, kind: 'network', detail: redact(reason, apiKey) })
}

/** A 2xx body that does not match the contract: a server bug, not worth retrying. */
export function badResponseError(status: number, reason: string, apiKey: string): ApiError {
  return new ApiError(
    { status, kind: 'server', detail: redact(reason, apiKey) },
    `The server answered with an unexpected response: ${redact(reason, apiKey)}`,
  )
}

/** 422 `loc` is ["body", "filters", i, ...] when the fault is in filter i. */
function filterIndexFromIssues(issues: readonly ValidationIssue[]): number | undefined {
  for (const { loc } of issues) {
    if (loc[0] === 'body' && loc[1] === 'filters' && typeof loc[2] === 'number') return loc[2]
  }
  return undefined
}

/** The contract's 400 details start "filters[i]: …" (contract/query-rules.ts). */
export function filterIndexFromDetail(detail: string): number | undefined {
  const match = /\bfilters\[(\d+)\]/.exec(detail)
  return match ? Number(match[1]) : undefined
}

export function describeIssue(issue: ValidationIssue): string {
  const path = issue.loc
    .filter((p, i) => !(i === 0 && (p === 'body' || p === 'query')))
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '')
  return path ? `${path}: ${issue.msg}` : issue.msg
}

/** Removes the key and anything shaped like a bearer credential from text shown to people or logged. */
export function redact(text: string, apiKey: string): string {
  let out = text
  if (apiKey.length >= 4) out = out.split(apiKey).join('[redacted]')
  return out.replace(/Bearer\s+[^\s"',]+/gi, 'Bearer [redacted]').replace(/\bplat_[A-Za-z0-9]{20,}/g, '[redacted]')
}

function messageFor({ kind, status, detail }: ApiErrorInit): string {
  switch (kind) {
    case 'network':
      return `Could not reach the parcel server (${detail}). Check the server address in Settings and your connection.`
    case 'auth':
      return `The server did not accept the API key: ${detail}`
    case 'forbidden':
      return `This API key has no access to that endpoint: ${detail}`
    case 'quota':
      return `The monthly request allowance of this API key is exhausted (${detail}). Records loaded so far are kept; resume when the allowance allows.`
    case 'too-large':
      return `The request was too large for the server: ${detail}`
    case 'server':
      return `The parcel server failed (HTTP ${status}): ${detail}`
    case 'invalid':
    case 'validation':
      return detail
  }
}

export function isAbortError(e: unknown): boolean {
  return (e instanceof DOMException || e instanceof Error) && e.name === 'AbortError'
}
