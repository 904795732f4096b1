import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'config',
  summary: 'config (being built)',
  commands: [],
});
