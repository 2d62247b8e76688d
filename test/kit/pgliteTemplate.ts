// The template logic is the published test kit's (foyer/testing): the suites' servers start from the same dumps.
export { initdbDump, initdbDumpFile, openTemplateDb, pgliteTemplate, removeTemplatesUnusedSince } from '../../testing/pgliteTemplate.js'
