import { readFile } from 'node:fs/promises';

/** uid and gid of a local account from /etc/passwd, or null (no such user, or no file). */
export async function systemAccount(name: string): Promise<{ uid: number; gid: number } | null> {
  let text: string;
  try {
    text = await readFile('/etc/passwd', 'utf8');
  } catch {
    return null;
  }
  for (const line of text.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}
