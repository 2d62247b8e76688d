// `node --import <this file>`: the process's clock two hours ahead (Date.now() and new Date()), for a back end that must
// see every access token issued now as expired (they live an hour at most). test/package/examples.test.ts uses it.
const AHEAD_MS = 2 * 3600 * 1000
const RealDate = Date
globalThis.Date = class AheadDate extends RealDate {
  constructor(...args) {
    super(...(args.length ? args : [RealDate.now() + AHEAD_MS]))
  }
  static now() {
    return RealDate.now() + AHEAD_MS
  }
}
