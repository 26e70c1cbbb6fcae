import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,runtime,server,client,validation,scripts,build,test-support}/**/*.test.ts'],
  },
});
