import { useState } from 'react'

/** Where a cursor-paged list is: the cursor of each page shown so far (null: the first), and the moves between them. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  return {
    cursor: cursors.at(-1) ?? null,
    hasPrevious: cursors.length > 1,
    previous: () => setCursors((shown) => shown.slice(0, -1)),
    next: (cursor: string) => setCursors((shown) => [...shown, cursor]),
    reset: () => setCursors([null]),
  }
}

/** The Previous / Next buttons of a cursor-paged list (`nextCursor`: the page's `next_cursor`). */
export function CursorPager({ pages, nextCursor, labels }: { pages: ReturnType<typeof useCursorPages>; nextCursor: string | null | undefined; labels: [string, string] }) {
  return (
    <div className="fa-actions">
      <button type="button" className="fa-button" disabled={!pages.hasPrevious} onClick={pages.previous}>
        {labels[0]}
      </button>
      <button type="button" className="fa-button" disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        {labels[1]}
      </button>
    </div>
  )
}
