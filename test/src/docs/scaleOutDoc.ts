/** docs/scale-out.md as its run-as-written tests read it: the repository root, the doc's fenced blocks and its command lines. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root folder. */
export const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The text of docs/scale-out.md. */
export const readScaleOutDoc = (): string => readFileSync(join(ROOT, 'docs', 'scale-out.md'), 'utf8');

/** The fenced block of `language` in the doc's section `heading` that contains `marker`. */
export function block(doc: string, heading: string, language: string, marker: string): string {
  const section = doc.slice(doc.indexOf(`### ${heading}\n`));
  const blocks = [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  const found = blocks.find((text) => text.includes(marker));
  if (!found) throw new Error(`docs/scale-out.md: no ${language} block with '${marker}' under '${heading}'`);
  return found;
}

/** A documented command line as argv (the doc's commands quote nothing). */
export const argv = (line: string): string[] => line.trim().split(/\s+/);
