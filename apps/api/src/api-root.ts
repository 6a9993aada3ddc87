import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API's folder (apps/api), from which its files are found: migrations/, and the web build beside it.
 * This module sits one folder below it, as the bundle the production server runs does (dist/server.js,
 * `npm run build`): resolve the API's files from here, never from another module's import.meta.url,
 * which the bundle moves.
 */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's root (the workspaces' parent). */
export const repoRoot = path.resolve(apiRoot, '../..');
