/**
 * Files the HTTP API serves from a folder (uploaded maps, recordings, experiments): a name from
 * a request is a plain name matched by a pattern before it meets the file system, so no path
 * (`..`, `/`, a drive) reaches it; a missing folder lists as empty.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

/** A name a request may give: letters, digits, `_`, `-` and `.` inside, 1 to 100 characters. */
export const FILE_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$';
const FILE_NAME = new RegExp(FILE_NAME_PATTERN);

export function isPlainName(name: string): boolean {
  return FILE_NAME.test(name) && !name.includes('..');
}

/** The folder's entries, sorted by name; [] when it does not exist. */
export function listFolder(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Size and modification time of `folder/name`, or null when it is not a regular file. */
export function fileInfo(folder: string, name: string): { readonly bytes: number; readonly modifiedMs: number } | null {
  try {
    const stat = statSync(join(folder, name));
    return stat.isFile() ? { bytes: stat.size, modifiedMs: Math.round(stat.mtimeMs) } : null;
  } catch {
    return null;
  }
}
