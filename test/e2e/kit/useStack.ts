import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium } from './browser.js'
import { startStack, type StartStackOptions, type Stack } from './startStack.js'

/**
 * Runs a stop and logs its failure instead of throwing it: Vitest skips every after hook left once one throws, and a
 * stand-in whose stop then never ran outlived the suite (an anvil of fundingExternal's, after a rehearsal).
 */
async function stopping(what: string, stop: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await stop()
  } catch (error) {
    console.error(`[e2e] stopping ${what} failed:`, error)
  }
}

/** A file's running stack and Chromium, readable from its tests (once useStack's beforeAll has run). */
export interface E2eStack {
  readonly stack: Stack
  readonly browser: Browser
  /** A fresh browser context (its own cookies and storage) and a page in it. */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>
}

/**
 * Starts a stack and Chromium before the file's tests and closes both after them. `env` goes to startStack;
 * as a function it is called in the hook, so it can read stand-ins that earlier beforeAll hooks started
 * (their afterAll hooks then run after this one's, as hooks unwind in reverse).
 */
export function useStack(env: Record<string, string> | (() => Record<string, string>) = {}, options: StartStackOptions = {}): E2eStack {
  let stack: Stack | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    stack = await startStack(typeof env === 'function' ? env() : env, options)
    browser = await launchChromium()
  })
  // A failed test prints what each open page showed (its URL, the dialog's text, the page's), for CI logs have no browser.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && browser) console.error(await describePages(browser))
  })
  afterAll(async () => {
    await stopping('Chromium', () => browser?.close())
    await stopping('the stack', () => stack?.stop())
  })
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} has not started (useStack's beforeAll has not run)`)
    return value
  }
  return {
    get stack() {
      return started(stack, 'the stack')
    },
    get browser() {
      return started(browser, 'Chromium')
    },
    async newPage(contextOptions) {
      const context = await started(browser, 'Chromium').newContext(contextOptions)
      return { context, page: await context.newPage() }
    },
  }
}

/**
 * Starts a stand-in (or anything the file's tests share) before them and stops it after them; answers a
 * function that returns it. Call it before useStack when the stack's env reads it.
 */
export function useStandin<T>(start: () => Promise<T>, stop: (started: T) => Promise<unknown>): () => T {
  let started: T | undefined
  beforeAll(async () => {
    started = await start()
  })
  afterAll(async () => {
    if (started !== undefined) await stopping('a stand-in', () => stop(started!))
  })
  return () => {
    if (started === undefined) throw new Error('the stand-in has not started (useStandin\'s beforeAll has not run)')
    return started
  }
}

/** Each open page's URL, open dialog and visible text (each cut at 1,500 characters): what a failed test saw. */
export async function describePages(browser: Browser): Promise<string> {
  const parts: string[] = []
  const text = async (page: Page, selector: string) =>
    (await page.locator(selector).first().innerText({ timeout: 1_000 }).catch(() => '')).replace(/\s+/g, ' ').slice(0, 1_500)
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      parts.push(`[page] ${page.url()}\n  dialog: ${(await text(page, '[role="dialog"]')) || '(none)'}\n  body: ${await text(page, 'body')}`)
    }
  }
  return `[e2e] the test failed; the open pages:\n${parts.join('\n') || '(none)'}`
}
