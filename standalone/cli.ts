#!/usr/bin/env node
// The package's bin, `foyer`: `start` runs the whole server (this folder's composition of the plugins), every other
// command is the kernel's (core/server/cli/main.ts), which can't compose plugins itself. A started server keeps the
// process alive until SIGINT / SIGTERM.
import { main } from '../core/server/cli/main.js'
import { startCommand } from './startCommand.js'

process.exitCode = await main(process.argv.slice(2), undefined, [startCommand])
