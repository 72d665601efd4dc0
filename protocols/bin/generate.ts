/** `npm run generate -w protocols`: regenerate the static protobuf code, then the test vectors. */
import { generateStaticCode } from '../src/codegen/generateStatic.js';

const { jsPath, dtsPath } = generateStaticCode();
console.log(`wrote ${jsPath}\nwrote ${dtsPath}`);
// Vectors import the generated code, so load them only after it is written.
const { writeVectors } = await import('../src/vectors/writeVectors.js');
for (const path of writeVectors()) console.log(`wrote ${path}`);
