/**
 * Hands a finished PDF to the person: the share sheet where the browser can share files (phones:
 * mail it, send it to a printer app, save it to Files), else a download.
 */
import { downloadBlob } from '../../ui/download'

function pdfFile(bytes: Uint8Array, fileName: string): File {
  return new File([bytes as BlobPart], `${fileName}.pdf`, { type: 'application/pdf' })
}

/** Whether this browser can share a PDF file (Web Share API level 2). */
export function canSharePdf(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(1)], 'x.pdf', { type: 'application/pdf' })] })
  } catch {
    return false
  }
}

export function downloadPdf(bytes: Uint8Array, fileName: string): void {
  downloadBlob(pdfFile(bytes, fileName), `${fileName}.pdf`)
}

/** Shares the PDF; false when the person closed the share sheet (nothing went wrong). */
export async function sharePdf(bytes: Uint8Array, fileName: string, title: string): Promise<boolean> {
  try {
    await navigator.share({ files: [pdfFile(bytes, fileName)], title })
    return true
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return false
    throw e
  }
}
