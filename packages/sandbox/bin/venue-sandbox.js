#!/usr/bin/env node
// venue-sandbox: serves the sandbox until interrupted (see dist/bin.js, or `venue-sandbox --help`).
import { main } from '../dist/bin.js';

process.exitCode = await main(process.argv.slice(2));
