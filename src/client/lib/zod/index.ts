/**
 * `zod` as the browser build resolves it (vite.config.ts): zod itself, told first not to compile
 * parsers with eval (./jitless). Imported first here so that it runs before zod's schemas are
 * built, whichever chunk of a page loads zod first. The server keeps zod as it is.
 */
import './jitless';

export * from 'zod/v4';
