import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'api',
  summary: 'api (being built)',
  commands: [],
});
