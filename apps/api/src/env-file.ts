import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { EnvError } from './env.js';

/**
 * The variables the server and the agency's commands all start from: the process's own, over those
 * of ENV_FILE (default: .env in the working directory, if there is one). One file for every process,
 * so a command run from a shell sends the same links (PUBLIC_URL), mail server and database as the
 * server, without the agency repeating them.
 */
export function environment(
  source: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Record<string, string | undefined> {
  const named = source.ENV_FILE?.trim();
  const file = path.resolve(cwd, named || '.env');
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    // A file that was named must exist; the default one is optional.
    if (named)
      throw new EnvError(`ENV_FILE=${JSON.stringify(named)}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    return source;
  }
  return { ...parseEnv(content), ...source };
}
