/**
 * The upstream key must never reach a caller, a log line or a cached row. Our own code never puts
 * it anywhere but the upstream's Authorization header, but an upstream may echo it (an error page
 * showing the request's headers, a detail quoting the key): every text from the upstream passes
 * through here, which blanks the key as written plainly, JSON-escaped and percent-encoded.
 */
export const REDACTED = '[redacted upstream key]'

export function redactor(secret: string): (text: string) => string {
  const forms = [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])]
  return (text) => {
    let out = text
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED)
    return out
  }
}
