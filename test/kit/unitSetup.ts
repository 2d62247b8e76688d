// Setup of the unit project (vitest.config.ts). Component tests wait for states with findBy* and waitFor;
// on a busy machine a lazy screen can take seconds to appear, so their default upper bound is generous.
// A test that passes still passes as soon as the state is there: this only moves the give-up point.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 15_000 })
}
export {}
