/** An EIP-1193 request's outcome as `{ code, message }` of its error, or null when it resolved. */
export const rpcError = (promise: Promise<unknown>) => promise.then(() => null, (e: { code: number; message: string }) => ({ code: e.code, message: e.message }))

/** A synchronous check's thrown `{ code, message }`, or null when it returned. */
export const thrown = (run: () => unknown) => {
  try {
    run()
    return null
  } catch (e) {
    return { code: (e as { code: number }).code, message: (e as Error).message }
  }
}
