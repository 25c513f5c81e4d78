import { config } from 'zod/v4/core';

// Before any schema is built: zod would otherwise try `new Function` once to see whether it may
// compile fast parsers, and the pages' Content-Security-Policy (no 'unsafe-eval') refuses and
// reports that attempt, a violation in the browser's Issues panel on every page defining a schema.
config({ jitless: true });
