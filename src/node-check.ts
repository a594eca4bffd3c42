/**
 * Refuses a Node.js kiroku cannot run on, with the reason, before anything else is evaluated: the
 * first import of src/main.ts, and run on its own by `npm start` before the bot (where an older Node.js
 * would otherwise stop at the start command's own flags with a message of its own).
 */
import { nodeVerdict } from './node-support.js';

/** sysexits' EX_CONFIG, as for any setting the operator has to fix. */
const EXIT_CONFIG = 78;

const verdict = nodeVerdict();
if (verdict.kind === 'too-old') {
  process.stderr.write(`kiroku cannot start: ${verdict.reason}\n`);
  process.exit(EXIT_CONFIG);
}
