// undici is CommonJS. Importing it statically here, and this module lazily
// everywhere else, keeps its named exports intact in the bundled build (a
// lazily imported CommonJS chunk would only have a default export).
// wasm-tiering.js first: it sets how V8 compiles undici's parser, before undici loads.
import './wasm-tiering.js';
export { Agent, request } from 'undici';
