// The environment of a user's shell, for a command the tests start as a user would.

/**
 * The test run's environment without the variables the preview sets for itself, and without the
 * runner's own (Astro's dev server leaves out its page rendering when it sees VITEST, and the
 * runner's DEV, MODE, … would reach `import.meta.env`); `extra` added on top.
 */
export function userShellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(PORTAL_|VITEST|TEST$|NODE_ENV$|DEV$|PROD$|MODE$|SSR$|BASE_URL$)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}
