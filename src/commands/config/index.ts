import { defineGroup } from '../define.js';
import init from './init.js';
import set from './set.js';
import get from './get.js';
import list from './list.js';
import unset from './unset.js';
import profiles from './profiles.js';
import use from './use.js';
import remove from './delete.js';
import path from './path.js';
import setSecret from './set-secret.js';
import importOpenapi from './import-openapi.js';
import routes from './routes.js';

export default defineGroup({
  name: 'config',
  summary: 'Profiles, settings and secrets',
  description:
    'Profiles hold one venue or environment each: service base URLs and inventory defaults. Secrets live in a separate credentials file (mode 0600) and are never printed.',
  examples: ['venue config init main   # needs a terminal', 'venue config list', 'venue config use sandbox'],
  commands: [init, set, get, list, unset, profiles, use, remove, path, setSecret, importOpenapi, routes],
});
