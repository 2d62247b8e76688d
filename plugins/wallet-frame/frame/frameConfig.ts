import type { FrameHalfPaths } from './kernel/lazyHalves.js'
import type { RecoveryHalfPaths } from './kernel/recoveryPage.js'

/** The settings the server writes into a frame page (a JSON block, which CSP lets through as data). */
export interface FrameConfig {
  appId: string
  apiUrl: string
  allowedOrigins: string[]
  mode?: 'proxy' | 'export' | 'recovery' | 'oauth-callback'
  /** The app's name (the recovery page's download file name). */
  appName?: string
  /** The recovery page's methods: each `recoveryMethod` with its half's module on this origin and its settings. */
  recovery?: RecoveryHalfPaths
  /** The plugins' frame halves: each event with its half's module on this origin (loaded at its first event). */
  halves?: FrameHalfPaths
  /** The kernel's own lazy modules on this origin: each chain's keys (loaded for the first wallet of that chain). */
  modules?: { ethereum?: string; solana?: string }
}

/** This page's settings (null: none, e.g. opened outside the server), and the embedding page's origin from its URL. */
export function readFrameConfig(doc: Document = document, href: string = location.href): { config: FrameConfig | null; parentOrigin: string } {
  const config = JSON.parse(doc.getElementById('foyer-frame-config')?.textContent ?? 'null') as FrameConfig | null
  return { config, parentOrigin: new URL(href).searchParams.get('parent_origin') ?? '' }
}
