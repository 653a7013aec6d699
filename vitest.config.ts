import { defineConfig } from "vitest/config";
import { testProjects } from "./vitest.workspace.js";

export default defineConfig({
  test: {
    projects: testProjects,
    reporters: process.env.CI ? ["default"] : ["default"],
    // Two cores on the reference machine: keep parallel test files bounded.
    maxWorkers: 2,
  },
});
