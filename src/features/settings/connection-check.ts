/**
 * What the settings dialog accepts as a base URL and an API key, with a reason a person can act on.
 * Checked before Save so a typo never reaches a call (every call is billed) or a request header
 * (a line break in a header value makes fetch throw before anything is sent).
 */
export type FieldCheck = { ok: true; note?: string } | { ok: false; reason: string }

/** '' is this page's own server; otherwise an absolute http(s) address, optionally with a path. */
export function checkBaseUrl(text: string, pageOrigin: string): FieldCheck {
  const t = text.trim()
  if (t === '') return { ok: true }
  let url: URL
  try {
    url = new URL(t)
  } catch {
    return { ok: false, reason: 'Enter a full address such as https://api.example.com, or leave it empty.' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: 'The address must start with https:// (or http://).' }
  if (url.username || url.password) return { ok: false, reason: 'Put the key in the API key field, not the address.' }
  if (url.search || url.hash) return { ok: false, reason: 'Leave out the “?…” and “#…” parts of the address.' }
  // The app's Content-Security-Policy allows other servers over https only (CSP_CONNECT_SRC adds more).
  if (url.protocol === 'http:' && url.origin !== pageOrigin)
    return { ok: true, note: 'Plain http to another server is blocked unless the app’s server allows it; use https.' }
  return { ok: true }
}

/** Empty means "none" (a demo server offers its own); a key is one word. */
export function checkApiKey(text: string): FieldCheck {
  const t = text.trim()
  if (/^bearer\s/i.test(t)) return { ok: false, reason: 'Paste the key alone, without “Bearer”.' }
  if (/[\s\p{Cc}]/u.test(t)) return { ok: false, reason: 'An API key has no spaces or line breaks.' }
  return { ok: true }
}
