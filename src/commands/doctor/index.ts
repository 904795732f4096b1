import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'doctor',
  summary: 'doctor (being built)',
  commands: [],
});
