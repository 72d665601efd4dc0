/**
 * Finds citations in comments and docs that point outside the repository or at a document
 * that does not exist (docs/STYLE.md#naming-and-comments): design or style documents named by
 * a bare label or kept in a sibling folder of the repository (the patterns in OUTSIDE), relative
 * paths that climb out of the repository, `docs/*.md` files and their `#anchors`, source files named in comments (from the
 * root, the file's package or its folder), and Markdown links.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface BadCitation {
  readonly file: string;
  readonly line: number;
  readonly citation: string;
  readonly problem: string;
}

/** Citations of documents that live outside the repository, whatever their path. */
const OUTSIDE = /\.\.\/shared\b|\bshared\/(?:STYLE|DESIGN)|\b(?:STYLE|DESIGN)(?:\.md)?:|\bseeds\/|\breference\//g;
/** `docs/NAME.md` or `docs/NAME.md#anchor`, from the repository root. */
const DOCS_CITATION = /(?<![\w./-])docs\/[\w.-]+\.md(?:#[\w-]+)?/g;
/** A relative path climbing at least one level out of the file's folder. */
const CLIMBING_PATH = /(?<![\w./-])(?:\.\.\/)+[\w.-]+(?:\/[\w.-]+)*/g;
/**
 * A cited source file, e.g. `gateway/src/hil/MqttBridge.ts` or (inside a package)
 * `scripts/writeBundledMaps.ts`: a path from a top-level folder or a package's own folders.
 */
const FILE_CITATION =
  /(?<![\w./*-])(?:gateway|sdk|protocols|maps|firmware-sim|firmware|test|bench|docs|scripts|src|sim|bin|data|proto|vectors|c|mosquitto)\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:ts|js|mjs|c|h|proto|md|yaml|yml)\b/g;
/** Markdown link targets: `[text](target)`. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/** The top-level folder a file is in (its package), or '' for a file at the root. */
function packageOf(file: string): string {
  const slash = file.indexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(slugOf(heading[1]!));
  }
  return anchors;
}

/** What the checker needs of the repository. */
export interface Repo {
  /** A file's text (relative to the root), '' for a folder, null when absent. */
  read(path: string): string | null;
  /** Whether some file's path ends in `/<path>` (a path given from inside a folder, e.g. `sim/World.ts`). */
  hasFileEndingIn(path: string): boolean;
}

/** The bad citations in one file's text. `root` is the repository root, `file` the file's path relative to it. */
export function findBadCitations(root: string, file: string, text: string, repo: Repo): BadCitation[] {
  const read = repo.read;
  const found: BadCitation[] = [];
  const lines = text.split('\n');
  const checkTarget = (line: number, citation: string, target: string, anchor: string | undefined) => {
    const inside = relative(root, target);
    if (inside.startsWith('..') || inside === '') {
      found.push({ file, line, citation, problem: 'points outside the repository' });
      return;
    }
    const content = read(inside);
    if (content === null) {
      found.push({ file, line, citation, problem: `${inside} does not exist` });
      return;
    }
    if (anchor !== undefined && inside.endsWith('.md') && !anchorsOf(content).has(anchor)) {
      found.push({ file, line, citation, problem: `${inside} has no heading #${anchor}` });
    }
  };
  lines.forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(OUTSIDE)) {
      found.push({ file, line, citation: match[0], problem: 'cites a document kept outside the repository' });
    }
    for (const match of text.matchAll(DOCS_CITATION)) {
      const [path, anchor] = match[0].split('#') as [string, string | undefined];
      checkTarget(line, match[0], resolve(root, path), anchor);
    }
    if (!/\.test\.ts$/.test(file)) {
      // Tests name files they create; build/ holds what make generates.
      for (const match of text.matchAll(FILE_CITATION)) {
        const path = match[0];
        if (path.includes('build/') || path.startsWith('docs/')) continue; // docs/: checked above, with anchors
        const candidates = [path, join(packageOf(file), path), join(dirname(file), path)];
        if (!candidates.some((candidate) => read(candidate) !== null) && !repo.hasFileEndingIn(path)) {
          found.push({ file, line, citation: path, problem: 'no such file in the repository' });
        }
      }
    }
    for (const match of text.matchAll(CLIMBING_PATH)) {
      const target = resolve(root, dirname(file), match[0]);
      if (relative(root, target).startsWith('..')) found.push({ file, line, citation: match[0], problem: 'points outside the repository' });
    }
    if (file.endsWith('.md')) {
      for (const match of text.matchAll(MARKDOWN_LINK)) {
        const link = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('#')) continue; // a URL, or this page
        const [path, anchor] = link.split('#') as [string, string | undefined];
        checkTarget(line, link, resolve(root, dirname(file), path), anchor);
      }
    }
  });
  // A climbing Markdown link is found twice (as a path and as a link): report it once.
  return found.filter((b, i) => found.findIndex((o) => o.line === b.line && o.citation === b.citation) === i);
}

/** The repository at root, whose files are `files` (paths relative to root). */
export function repoAt(root: string, files: readonly string[]): Repo {
  return {
    read: (path) => {
      const full = join(root, path);
      if (!existsSync(full)) return null;
      try {
        return readFileSync(full, 'utf8');
      } catch {
        return ''; // a directory: it exists, and has no anchors
      }
    },
    hasFileEndingIn: (path) => files.some((file) => file.endsWith(`/${path}`)),
  };
}
