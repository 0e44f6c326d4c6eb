import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // The fixture tree several files share, made once (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // One fixed seed for the properties in CI, random elsewhere (test/fast-check-seed.ts).
    setupFiles: ['test/fast-check-seed.ts'],
    // In CI, also keep a machine-readable result so .ci/run can print a plain summary line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-results.json' }]] : ['default'],
  },
});
