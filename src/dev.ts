/**
 * `npm run dev`: the bot from its TypeScript sources (tsx), its log pretty-printed for the person
 * watching it (pino-pretty, a development dependency), unless LOG_FORMAT is set in the environment.
 */
process.env.LOG_FORMAT ??= 'pretty';
await import('./main.js');
