import { createContext } from 'react'

/** What the dialog tells the screen inside it: the id its title must carry (aria-labelledby). */
export const ModalContext = createContext<{ titleId: string } | null>(null)
