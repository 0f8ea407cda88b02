/**
 * The keyboard shortcuts dialog ("?"): lists the same tool keys the shortcuts handler uses, read from
 * one table so the help never drifts from the keys.
 */
import './shortcuts-dialog.css'
import { LOCK_KEY, TOOLS } from '../../features/draw/draw-toolbar'
import { Modal } from '../../ui/modal'

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <dl className="shortcut-list">
        {TOOLS.map((t) => (
          <div key={t.tool}>
            <dt>
              <kbd>{t.key}</kbd>
            </dt>
            <dd>
              {t.label}: {t.hint}
            </dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>{LOCK_KEY}</kbd>
          </dt>
          <dd>Keep tool: stay in a drawing tool after each shape (off: back to Pan)</dd>
        </div>
        <div>
          <dt>
            <kbd>Esc</kbd>
          </dt>
          <dd>Cancel the shape being drawn, deselect, or close a dialog</dd>
        </div>
        <div>
          <dt>
            <kbd>Enter</kbd> <kbd>Backspace</kbd> <kbd>F</kbd>
          </dt>
          <dd>
            Polygon on the focused map (arrow keys pan): add a point at the crosshair, remove the last point, finish the
            shape
          </dd>
        </div>
        <div>
          <dt>
            <kbd>Delete</kbd>
          </dt>
          <dd>In Edit mode: delete the selected area</dd>
        </div>
        <div>
          <dt>
            <kbd>Ctrl</kbd>+<kbd>Z</kbd>
          </dt>
          <dd>Undo the last area edit</dd>
        </div>
        <div>
          <dt>
            <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd>
          </dt>
          <dd>Redo</dd>
        </div>
        <div>
          <dt>
            <kbd>/</kbd>
          </dt>
          <dd>Focus the address search</dd>
        </div>
        <div>
          <dt>
            <kbd>?</kbd>
          </dt>
          <dd>Show this list</dd>
        </div>
      </dl>
    </Modal>
  )
}
