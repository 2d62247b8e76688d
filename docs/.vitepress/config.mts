import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitepress'

// Foyer's docs: `npm run docs` (dev server), `npm run docs:build` (scripts/docsBuild.mjs: the API reference, then this
// site into docs/.vitepress/dist). Local search, the default theme's light / dark, no font or script from another site,
// so a built copy works offline. Dead internal links fail the build (ignoreDeadLinks stays off).
const docs = fileURLToPath(new URL('..', import.meta.url))

/** One sidebar row per plugins/ folder page, in name order. */
const pluginPages = readdirSync(`${docs}/plugins`)
  .filter((file) => file.endsWith('.md') && file !== 'index.md')
  .map((file) => file.replace(/\.md$/, ''))
  .sort()

/** The reference pages TypeDoc wrote (docs/reference/, made by the build), as sidebar rows. */
function referencePages(): { text: string; link: string }[] {
  const rows: { text: string; link: string }[] = []
  const walk = (dir: string, prefix: string) => {
    let entries: string[]
    try {
      entries = readdirSync(`${docs}/reference/${dir}`).sort()
    } catch {
      return
    }
    for (const name of entries) {
      if (name.endsWith('.md')) {
        if (dir === '' && name === 'index.md') continue
        const path = `${dir}${name.replace(/\.md$/, '')}`
        rows.push({ text: `${prefix}${path}`, link: `/reference/${path}` })
      } else walk(`${dir}${name}/`, prefix)
    }
  }
  walk('', '')
  return rows.sort((a, b) => a.text.localeCompare(b.text))
}

export default defineConfig({
  title: 'Foyer',
  description: 'Open-source, self-hostable sign-in, account and embedded-wallet modal for React apps, and the server it talks to.',
  cleanUrls: false,
  lastUpdated: false,
  themeConfig: {
    search: { provider: 'local' },
    outline: [2, 3],
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Plugins', link: '/plugins/' },
      { text: 'Self-hosting', link: '/self-hosting' },
      { text: 'API reference', link: '/reference/' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/guide/getting-started' },
          { text: 'Concepts', link: '/guide/concepts' },
          { text: 'The host app API', link: '/guide/host-app' },
          { text: 'Wallets', link: '/guide/wallets' },
          { text: 'Your back end', link: '/guide/backend' },
          { text: 'Testing your app', link: '/guide/testing' },
          { text: 'Developing Foyer', link: '/guide/development' },
        ],
      },
      { text: 'Plugins', link: '/plugins/', collapsed: false, items: pluginPages.map((id) => ({ text: id, link: `/plugins/${id}` })) },
      {
        text: 'Operating',
        items: [
          { text: 'Self-hosting', link: '/self-hosting' },
          { text: 'Security model', link: '/threat-model' },
          { text: 'The wallet frame', link: '/wallet-frame' },
          { text: 'Distributed SQL engines', link: '/distributed-engines' },
          { text: 'Migrating from Privy', link: '/migrate-from-privy' },
        ],
      },
      {
        text: 'Extending and inside',
        items: [
          { text: 'Writing a plugin', link: '/writing-a-plugin' },
          { text: 'Layout', link: '/layout' },
          { text: 'Benchmarks', link: '/benchmarks' },
        ],
      },
      { text: 'API reference', link: '/reference/', collapsed: true, items: referencePages() },
    ],
  },
})
