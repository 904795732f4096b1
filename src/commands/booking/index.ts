import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'booking',
  summary: 'booking (being built)',
  commands: [],
});
