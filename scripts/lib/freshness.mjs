// "Is this build output older than its inputs?" — shared by the web build and the server bundle, so a warm
// `npm start` skips both builds.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0; // an optional input (e.g. public/) that does not exist
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  let builtAt;
  try {
    builtAt = statSync(output).mtimeMs;
  } catch {
    return true;
  }
  return inputs.some((input) => newestMtime(input) > builtAt);
}
