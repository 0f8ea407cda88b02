/**
 * The JSON text each parsed response came as, so the disk cache stores it as it is instead of
 * serialising the parsed records again (a 10,000-parcel search spent a tenth of its time on that).
 * api/http.ts notes the text of every parsed response here; persisted-store.ts reads it. Weak: the
 * text goes with the response.
 */
const responseTexts = new WeakMap<object, string>()

export function noteResponseText(value: unknown, text: string): void {
  if (typeof value === 'object' && value !== null) responseTexts.set(value, text)
}

export function responseText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? responseTexts.get(value) : undefined
}
