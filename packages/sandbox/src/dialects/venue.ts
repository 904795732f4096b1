// venue's own dialect: docs/api-conventions.md exactly. The server installs no
// hooks for it at all; this module exists so every dialect has one.

import type { Dialect } from './core.js';

export const venueDialect: Dialect = {
  name: 'venue',
  summary:
    "venue's own contract (docs/api-conventions.md): camelCase, { items } lists, { error: { code: snake_case } }",
  success: (body) => ({ body }),
  error: (error) => ({
    body: {
      error: {
        status: error.status,
        code: error.code,
        message: error.message,
        ...(error.details.length ? { details: error.details } : {}),
      },
    },
  }),
};
