import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsoleApp } from './ConsoleApp.js'
import './console.css'

// The admin console (issue 27): a Foyer host like any other, on the server's own origin (/admin).
const root = document.getElementById('root')
if (!root) throw new Error('The admin console page has no #root element')
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
)
