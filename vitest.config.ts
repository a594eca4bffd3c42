import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // kiroku caches no channels on purpose (src/bot/client.ts); npm start silences this warning too.
    execArgv: ['--disable-warning=UnsupportedCacheOverwriteWarning'],
  },
});
