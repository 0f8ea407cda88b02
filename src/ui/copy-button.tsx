/** A button that copies a value and says so for two seconds (announced through a live region). */
import { useEffect, useRef, useState } from 'react'
import { copyText } from './copy-text'

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [status, setStatus] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different value forgets the old "Copied"
  useEffect(() => setStatus(''), [text])
  return (
    <span className="copy-button">
      <button
        type="button"
        className="pd-action"
        onClick={async () => {
          setStatus((await copyText(text)) ? 'Copied' : 'Copy failed')
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setStatus(''), 2000)
        }}
      >
        {label}
      </button>
      <span className="copy-button-status" role="status">
        {status}
      </span>
    </span>
  )
}
