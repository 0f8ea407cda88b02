/** `plat-<summary>-<yyyy-mm-dd>.<ext>`: readable, sortable by date, safe on every file system. */
const MAX_SUMMARY_LENGTH = 60

export function slugify(text: string, max = MAX_SUMMARY_LENGTH): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= max) return slug
  // Cut at a word boundary when one is reasonably close, so names do not end mid-word.
  const cut = slug.slice(0, max + 1)
  const hyphen = cut.lastIndexOf('-')
  return (hyphen > max / 2 ? cut.slice(0, hyphen) : slug.slice(0, max)).replace(/-+$/, '')
}

function isoDate(d: Date): string {
  // The user's local date: a file saved this evening should not be named tomorrow (UTC).
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function exportFileName(summary: string, ext: string, date: Date = new Date()): string {
  const slug = slugify(summary) || 'parcels'
  const extension = ext.toLowerCase().replace(/[^a-z0-9]/g, '') || 'txt'
  return `plat-${slug}-${isoDate(date)}.${extension}`
}
