import * as v from 'valibot'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import { apiClient } from './apiClient.js'
import { createFoyer } from './createFoyer.js'
import { definePlugin } from './plugin.js'
import { createMemoryStorage } from './storage.js'

const notesApi = {
  add: { path: '/api/v1/notes', input: v.object({ text: v.pipe(v.string(), v.minLength(1)) }), output: v.object({ id: v.number(), text: v.string() }) },
  count: { method: 'GET', path: '/api/v1/notes/count', output: v.object({ n: v.number() }) },
} as const
const notes = apiClient('notes', notesApi)

describe('apiClient', () => {
  it('infers inputs and outputs from the schemas and calls through foyer.call', async () => {
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
      String(url).endsWith('/count') ? Response.json({ n: 2 }) : Response.json({ id: 7, ...JSON.parse(String(init?.body)) }),
    )
    const foyer = createFoyer({ appId: 'test_app_0000000000000001', apiUrl: 'http://api.test', plugins: [definePlugin({ id: 'notes', kind: 'feature', api: notesApi })], storage: createMemoryStorage(), fetch: fetch as never })

    expectTypeOf(notes.add).parameter(1).toEqualTypeOf<{ text: string }>()
    expectTypeOf(notes.add).returns.resolves.toEqualTypeOf<{ id: number; text: string }>()
    expectTypeOf(notes.count).returns.resolves.toEqualTypeOf<{ n: number }>()
    // @ts-expect-error: the input's type comes from the schema
    void (() => notes.add(foyer, { body: 'x' }))

    await expect(notes.add(foyer, { text: 'hi' })).resolves.toEqual({ id: 7, text: 'hi' })
    await expect(notes.count(foyer)).resolves.toEqual({ n: 2 })
    await expect(notes.add(foyer, { text: '' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('calls a plugin whose api loads with its first call (ApiLoader) by name, validated exactly as a table in place', async () => {
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
      String(url).endsWith('/count') ? Response.json({ n: 'two' }) : Response.json({ id: 7, ...JSON.parse(String(init?.body)) }),
    )
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(notesApi)
    const foyer = createFoyer({ appId: 'test_app_0000000000000001', apiUrl: 'http://api.test', plugins: [definePlugin({ id: 'notes', kind: 'feature', api: load })], storage: createMemoryStorage(), fetch: fetch as never })
    const lazyNotes = apiClient<typeof notesApi>('notes')

    expectTypeOf(lazyNotes.add).parameter(1).toEqualTypeOf<{ text: string }>()
    expect(load).not.toHaveBeenCalled()
    await expect(lazyNotes.add(foyer, { text: 'hi' })).rejects.toThrow('chunk failed')
    await expect(lazyNotes.add(foyer, { text: '' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid length: Expected >=1 but received 0' })
    await expect(lazyNotes.add(foyer, { text: 'hi' })).resolves.toEqual({ id: 7, text: 'hi' })
    await expect(lazyNotes.count(foyer)).rejects.toMatchObject({ serverCode: 'invalid_response' })
    await expect(foyer.call('notes.missing')).rejects.toThrow('Unknown API call "notes.missing"')
    expect(load).toHaveBeenCalledTimes(2)
    expect(fetch).toHaveBeenCalledTimes(2)
    // Not a thenable: awaiting the client gives the client.
    expect(await lazyNotes).toBe(lazyNotes)
  })
})
