import { defineConfig } from "vitest/config";

/** `npm run test:scale`: the cluster at issue 19's scale (300 phones, 3,000 tasks, restarts). */
export default defineConfig({
  test: {
    include: ["tests/scale/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    reporters: ["default"],
  },
});
