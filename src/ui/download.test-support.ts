/**
 * Catches what `downloadBlob` would save: happy-dom cannot save files, so the object URL and the
 * hidden link's click are intercepted and the Blob and file name kept for the test to read.
 */
import { vi } from 'vitest'

export interface SavedFile {
  name: string
  blob: Blob
}

export function catchDownloads(): SavedFile[] {
  const saved: SavedFile[] = []
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size + 1}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)
    if (blob && this.download) saved.push({ name: this.download, blob })
  })
  return saved
}
