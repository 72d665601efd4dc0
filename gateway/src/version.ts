import { readFileSync } from 'node:fs';

/** This gateway's version (its package.json): recorded in every experiment result, checked by queue workers, printed by `swarmgate --version`. */
export const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
