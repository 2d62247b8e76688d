import { useFoyerKernel } from 'foyer'
import { CodeSnippet } from './CodeSnippet.js'
import { MethodIcon } from './MethodIcon.js'
import { localStack } from './localStack.js'
import { needsConfiguration } from './needsConfiguration.js'
import { serverEnabledMethods } from './serverEnabledMethods.js'
import { snippets } from './snippets.js'

/** 'Login methods': what the server's app config turned on, as the kernel resolved it (not every loaded plugin). */
export function LoginMethods() {
  const foyer = useFoyerKernel()
  const { login } = serverEnabledMethods(foyer)
  const pluginIds = [...new Set(foyer.registry.entries.filter((e) => login.some((m) => m.id === e.loginMethod)).map((e) => e.pluginId))]

  return (
    <section className="card" aria-labelledby="methods-title">
      <h2 id="methods-title">Login methods</h2>
      {foyer.$config.value ? (
        <>
          <p className="card-lead">
            This app's server has {login.length === 1 ? 'one method' : `${login.length} methods`} on. Loaded plugins whose method is off there
            don't show, here or in the modal.
          </p>
          <ul className="method-list" data-testid="login-methods">
            {login.map((method) => (
              <li key={method.id} data-method={method.id}>
                <MethodIcon icon={method.icon} name={method.name} />
                <span className="method-name">{method.name}</span>
                <code className="method-id">{method.id}</code>
              </li>
            ))}
          </ul>
          <CodeSnippet title="the provider and its plugins" code={snippets.provider({ pluginIds, appId: foyer.appId, apiUrl: foyer.apiUrl })} />
          <details className="needs-configuration" data-testid="needs-configuration">
            <summary>Needs configuration: what turns on the rest (outside accounts)</summary>
            <ul>
              {needsConfiguration(login.map((m) => m.id), { localStack: localStack !== null }).map((row) => (
                <li key={row.name}>
                  <strong>{row.name}</strong>: <code>{row.settings}</code>
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : (
        <p className="notice" data-testid="config-unavailable">
          The Foyer server at <code>{foyer.apiUrl}</code> didn't send this app's config, so no login method is confirmed. Is it running
          (<code>npm start</code> starts it) and does it allow this page's origin?
        </p>
      )}
    </section>
  )
}
