/**
 * `foyer/testing`: the real Foyer server in a host app's own tests — started in process on an in-memory database,
 * with its dev outbox, users made through its own services, and sign-in through the real modal in Playwright.
 */
export { startFoyerTestServer, TEST_APP_ID, type FoyerTestServer, type FoyerTestServerOptions } from './startFoyerTestServer.js'
export type { CreateTestUserOptions, TestUser } from './createTestUser.js'
export type { TestWalletChain, TestWalletOption } from './createTestWallets.js'
export type { SignInOptions } from './signInWithModal.js'
export type { TestOutbox, WaitForCodeOptions } from './testOutbox.js'
export type { FoyerTestLocator, FoyerTestPage, FoyerTestWaitOptions } from './testPage.js'
