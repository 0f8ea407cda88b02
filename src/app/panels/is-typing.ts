const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'])

/** True when a key press belongs to a text field (single-key shortcuts must leave it alone). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el?.closest) return false
  if (el.closest('textarea, select, [contenteditable="true"], dialog')) return true
  return el instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(el.type)
}
