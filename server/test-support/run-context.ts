/**
 * What vitest.config.ts's globalSetup (server/test-support/shared-run.ts) provides to every test
 * file, read with vitest's inject(). Imported by the files that read it, so that each TypeScript
 * project that compiles one of them (the reliability tests are the site's project's) knows the keys.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** The shared cluster's port; 0 when PostgreSQL is not installed (a file then starts its own, and fails as before). */
    postgresPort: number;
    /** The run's folder for the one site build (server/test-support/site-build.ts). */
    siteBuildFolder: string;
  }
}

export {};
