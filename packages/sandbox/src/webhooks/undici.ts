// undici is CommonJS. The bundled build splits at dynamic imports, and a
// CommonJS package imported lazily there keeps only a default export; so it is
// imported statically here and this module is the one imported lazily.
export { Agent, request } from 'undici';
