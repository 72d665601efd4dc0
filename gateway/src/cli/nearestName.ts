/** The known name closest to a misspelt one (edit distance), for "unknown key" messages. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  // A suggestion further than half the name away is noise, not help.
  return bestDistance <= Math.max(2, Math.ceil(name.length / 2)) ? best : undefined;
}

/** `unknown key 'robts' (did you mean 'robots'?; known: ...)`. */
export function unknownKeyMessage(name: string, known: readonly string[], what = 'key'): string {
  const near = nearestName(name, known);
  return `unknown ${what} '${name}'${near === undefined ? '' : ` (did you mean '${near}'?)`}; known ${what}s: ${known.join(', ')}`;
}

/** Levenshtein distance, two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
