/**
 * The page's entry: restores the link's state before the first render (so the map opens on the
 * shared view and its search starts at once), creates the one workspace and mounts React.
 */
import './app/panels/app.css'
import './ui/ui.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/panels/app'
import { Providers, queryClient } from './app/panels/providers'
import { createWorkspace } from './app/workspace/create-workspace'
import { restoreFromUrl } from './app/workspace/url-sync'
import { registerAppUpdates } from './features/field/app-update'
import { appStore } from './state/store'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Before the first render, so the map opens on the link's view and its search starts at once.
const restored = (() => {
  try {
    return restoreFromUrl(appStore, window.location.search)
  } catch {
    // The codec never throws by design; this guards the store setters so a bad link can't blank the app.
    return { view: null, problems: ['This link could not be read; the app opened without it.'], held: false }
  }
})()

const workspace = createWorkspace(appStore, queryClient, window, restored.view)
workspace.linkProblems.set(restored.problems)
workspace.linkHeld.set(restored.held)

// The service worker (issue 24): the app shell offline after one visit; updates wait for a reload.
if (import.meta.env.PROD) registerAppUpdates()

createRoot(root).render(
  <StrictMode>
    <Providers workspace={workspace}>
      <App />
    </Providers>
  </StrictMode>,
)
