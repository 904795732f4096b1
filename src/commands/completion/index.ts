import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'completion',
  summary: 'completion (being built)',
  commands: [],
});
