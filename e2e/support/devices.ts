/**
 * The two screens the walks are judged on (issue 37): a 1440×900 desktop and a 390×844 touch phone,
 * as browser-context options, so a spec that runs on both says which by name.
 */
import type { BrowserContextOptions } from '@playwright/test'

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } }
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

export const screenFor = (phone: boolean): BrowserContextOptions => (phone ? PHONE : DESKTOP)
