// tsx's loader for both module systems, registered before any TypeScript is imported: its ESM
// hooks load the CLI's own sources; its CommonJS hooks load a user's .ts controller kept in a
// folder with no `"type": "module"` package.json above it (Node takes such a file for
// CommonJS, and without these hooks require()s it untranslated and fails).
import { register as registerEsm } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

registerEsm();
registerCjs();
