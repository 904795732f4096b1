// Where the package's own files are, for its tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/sandbox: package.json, src/, openapi/, examples/. */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
