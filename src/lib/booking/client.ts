// The booking service client: every booking call the commands make, on the shared
// HTTP layer. Knows nothing of the terminal.

import type { ServiceDeps } from '../context.js';

export class BookingClient {
  constructor(protected readonly deps: ServiceDeps) {}
}
