import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Scale runs (minutes, many processes) are run on their own: `npm run test:scale`.
    exclude: [...configDefaults.exclude, "tests/scale/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    reporters: ["default"],
  },
});
