// undici is CommonJS. Importing it statically here, and this module lazily
// everywhere else, keeps its named exports intact in the bundled build (a
// lazily imported CommonJS chunk would only have a default export).
export { Agent, request } from 'undici';
