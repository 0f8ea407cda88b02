/**
 * An in-memory localStorage for tests (the unit project runs in Node, without one); `items` shows
 * what the code under test wrote. One for every feature that keeps something in the browser.
 */
export function memoryStorage(
  initial: Readonly<Record<string, string>> = {},
): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial))
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) }
}
