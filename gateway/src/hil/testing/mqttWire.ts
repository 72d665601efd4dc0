/** MQTT 3.1.1 wire pieces for tests that write raw packets (what mqtt.js will not send). */

/** A Remaining Length: 7 bits a byte, least significant first, the top bit saying more follow. */
export function remainingLength(value: number): number[] {
  const bytes: number[] = [];
  do {
    const digit = value % 128;
    value = Math.floor(value / 128);
    bytes.push(value > 0 ? digit | 0x80 : digit);
  } while (value > 0);
  return bytes;
}
