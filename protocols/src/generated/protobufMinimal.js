/**
 * The protobufjs runtime the generated code imports (pbjs --dependency points here).
 * Hand-written, plain JS because generated JS imports it (tsx/vite map .js to .ts only for
 * TS importers).
 *
 * Why: with the `long` package installed, protobufjs decodes uint64 as Long objects, while
 * the generated types (pbjs --force-number) say number. Switching Long off before any
 * generated module evaluates makes decode yield plain numbers (exact up to 2^53: Unix ms
 * until year 287396). It is done here, in the generated code's own dependency, so no import
 * order can get ahead of it. This reconfigures the shared protobufjs/minimal singleton; only
 * @swarmgate/protocols uses protobufjs.
 */
import $protobuf from 'protobufjs/minimal.js';

$protobuf.util.Long = null;
$protobuf.configure();

export default $protobuf;
