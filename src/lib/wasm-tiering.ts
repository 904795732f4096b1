// undici parses HTTP with llhttp compiled to WebAssembly. V8 starts it on its
// baseline compiler and, once it has run a little (about one page of a
// listing), compiles its large parser again with the optimising compiler on a
// background thread. A process cannot end while that compile runs: every short
// command that made a request waited 100-150 ms after its work was done
// (`inventory products list --limit 200`: 0.47 s, 0.36 s with this). A larger
// tiering budget leaves a short run on the baseline code and still lets a long
// one (a 100,000-row listing) tier up; its time is unchanged. Set before undici
// compiles the module (src/lib/undici.ts imports this first).
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--wasm-tiering-budget=50000000');
