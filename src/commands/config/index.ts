import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'config',
  summary: 'Profiles, settings and secrets',
  description:
    'Profiles hold one venue or environment each: service base URLs and inventory defaults. Secrets live in a separate credentials file (mode 0600) and are never printed.',
  examples: ['venue config init main   # needs a terminal', 'venue config list', 'venue config use sandbox'],
  commands: [
    {
      name: 'init',
      summary: 'Create a profile, or replace one with --force (asks on a terminal; takes flags otherwise)',
      load: () => import('./init.js'),
    },
    {
      name: 'set',
      summary: 'Set a setting on a profile (one `config init` created)',
      load: () => import('./set.js'),
    },
    { name: 'get', summary: 'Print one setting of the profile', load: () => import('./get.js') },
    {
      name: 'list',
      summary:
        'Every setting of the profile and where it came from (unset inventory routes left out); secrets only as set or unset',
      load: () => import('./list.js'),
    },
    { name: 'unset', summary: 'Remove a setting or a secret from the profile', load: () => import('./unset.js') },
    { name: 'profiles', summary: 'List profiles; the current one is marked', load: () => import('./profiles.js') },
    { name: 'use', summary: 'Make a profile the current one', load: () => import('./use.js') },
    { name: 'delete', summary: 'Delete a profile with its settings and secrets', load: () => import('./delete.js') },
    { name: 'path', summary: 'Where settings, secrets and state are kept', load: () => import('./path.js') },
    {
      name: 'set-secret',
      summary: 'Store a secret: wallet.clientSecret, booking.clientSecret, inventory.apiKey or inventory.apiSecret',
      load: () => import('./set-secret.js'),
    },
    {
      name: 'import-openapi',
      summary:
        "Map the profile's inventory routes, base path and auth scheme from the vendor's OpenAPI or Swagger documents, on evidence",
      load: () => import('./import-openapi.js'),
    },
    {
      name: 'routes',
      summary:
        "The profile's inventory route map: each operation's method and path, the base path, the auth scheme, and where each came from",
      load: () => import('./routes.js'),
    },
  ],
});
