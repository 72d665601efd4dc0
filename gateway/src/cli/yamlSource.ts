/**
 * A YAML file read for its values and for where each value sits, so that a bad value is
 * reported as `file:line:col: field: problem` (trial files, experiment designs).
 */
import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { CliUsageError } from './Command.js';

export type YamlPath = readonly (string | number)[];

/** Where a value (or, with `key`, the key naming it) sits in a YAML file. */
export type Locator = (path: YamlPath, key?: boolean) => string;

export interface YamlSource {
  readonly value: unknown;
  readonly at: Locator;
}

/** Reads a YAML file; a missing file or a syntax error is a CliUsageError naming file, line and column. */
export function readYamlFile(file: string): YamlSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliUsageError(`${file}: cannot read: ${(error as Error).message}`);
  }
  return parseYamlText(text, file);
}

/** Parses YAML text named `file` in messages (one document; aliases bounded by the yaml package). */
export function parseYamlText(text: string, file: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const where = (offset: number): string => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  const problem = doc.errors[0];
  if (problem !== undefined) throw new CliUsageError(`${where(problem.pos[0])}: ${problem.message.split('\n')[0]}`);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // An alias that expands too far, or one to an anchor not yet defined.
    throw new CliUsageError(`${file}: ${(error as Error).message}`);
  }
  const at: Locator = (path, key = false) => {
    // The deepest node on the path that exists: a value given through an alias has no node of its own.
    for (let depth = path.length; depth >= 0; depth--) {
      const node = nodeAt(doc.contents, path.slice(0, depth), key && depth === path.length);
      if (node?.range) return where(node.range[0]);
    }
    return where(0);
  };
  return { value, at };
}

function nodeAt(root: unknown, path: YamlPath, key: boolean): Node | undefined {
  let node: unknown = root;
  for (const [i, step] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
      if (pair === undefined) return undefined;
      node = key && i === path.length - 1 ? pair.key : pair.value;
    } else if (isSeq(node) && typeof step === 'number') {
      node = node.items[step];
    } else return undefined;
  }
  return node as Node | undefined;
}
