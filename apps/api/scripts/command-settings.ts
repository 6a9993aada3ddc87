import { environment } from '../src/env-file.js';
import { EnvError, loadEnv, type Env } from '../src/env.js';

/**
 * The settings an agency command (npm run staff, backup, restore) runs with: the server's own (.env
 * under the process's environment), without background jobs and quieter logs. A setting the server
 * would refuse ends the command through `fail` with the same one-line reason.
 */
export function commandSettings(fail: (message: string) => never): Env {
  try {
    const source = environment();
    return loadEnv({ ...source, RUN_JOBS: 'false', LOG_LEVEL: source.LOG_LEVEL ?? 'warn' });
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    return fail(error.message);
  }
}
