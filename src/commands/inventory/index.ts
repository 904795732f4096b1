import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'inventory',
  summary: 'inventory (being built)',
  commands: [],
});
