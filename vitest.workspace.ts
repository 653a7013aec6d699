/**
 * The test projects of the monorepo: every package and app with a `vitest.config.ts` of its own.
 * `vitest.config.ts` at the top passes this list to `test.projects`.
 */
export const testProjects: string[] = ["packages/*", "apps/*", "scripts"];

export default testProjects;
