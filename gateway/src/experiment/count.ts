/** `1 run`, `18 runs`: a count with its noun, for the report's sentences. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
