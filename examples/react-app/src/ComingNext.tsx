/** Where the next plugins go. Placeholders only: nothing here pretends to work. */
const PLACES = [
  {
    id: 'smart-wallets',
    title: 'Smart wallets',
    plugin: 'the smart-wallet plugin',
    text: 'An ERC-4337 smart account owned by the embedded wallet, with batched calls and sponsored gas.',
  },
] as const

/** 'Coming next': a clearly marked place for smart wallets. */
export function ComingNext() {
  return (
    <section className="coming" aria-labelledby="coming-title">
      <h2 id="coming-title">Coming next</h2>
      <ul className="coming-grid">
        {PLACES.map((place) => (
          <li key={place.id} className="coming-card" data-testid={`coming-${place.id}`}>
            <h3>{place.title}</h3>
            <p>{place.text}</p>
            <p className="coming-tag">Coming with {place.plugin}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
