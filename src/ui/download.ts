/**
 * Save a Blob through a temporary object URL and `<a download>`. The URL is revoked later, not at
 * once: some browsers (Firefox, Safari) start reading it after the click handler returns.
 */
const REVOKE_AFTER_MS = 60_000

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}

/**
 * Open an HTML document (the labels) in a new window and print it. Returns false when the popup
 * was blocked so the caller can fall back to a download.
 */
export function printHtml(html: string): boolean {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }))
  // A blob: URL has our origin, so we can call print() on the window we opened.
  const win = window.open(url, '_blank')
  if (!win) {
    URL.revokeObjectURL(url)
    return false
  }
  const print = () => {
    win.focus()
    win.print()
  }
  if (win.document.readyState === 'complete' && win.location.href === url) print()
  else win.addEventListener('load', print, { once: true })
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
  return true
}
