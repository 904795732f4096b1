// Loaded with `node --import` by the process tests that count the modules a start loads (test/process/mcp/server.test.ts, test/process/foundation/prebuilt-help-launcher.test.ts): every module the
// process loads (ESM, the bundle's chunks among them) is appended, one URL a
// line, to the file VENUE_TEST_MODULE_TRACE names. The hooks run on their own
// thread (module.register, Node 20.6 and later): they write as each module resolves.
import { register } from 'node:module';

register('./trace-hooks.mjs', import.meta.url);
