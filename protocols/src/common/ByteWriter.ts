/**
 * A growable little-endian byte writer for the compact binary messages (the live stream's, the
 * algorithms' radio messages). No dependency, so it runs in a browser as in Node.
 */
export class ByteWriter {
  private bytes = new Uint8Array(256);
  private view = new DataView(this.bytes.buffer);
  length = 0;

  private room(n: number): number {
    if (this.length + n > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
      next.set(this.bytes.subarray(0, this.length));
      this.bytes = next;
      this.view = new DataView(next.buffer);
    }
    const at = this.length;
    this.length += n;
    return at;
  }

  // Each writer takes its room before it reads this.view: room() may replace the buffer.
  u8(v: number): void {
    const at = this.room(1);
    this.view.setUint8(at, v);
  }
  u16(v: number): void {
    const at = this.room(2);
    this.view.setUint16(at, v, true);
  }
  u32(v: number): void {
    const at = this.room(4);
    this.view.setUint32(at, v, true);
  }
  f32(v: number): void {
    const at = this.room(4);
    this.view.setFloat32(at, v, true);
  }
  f64(v: number): void {
    const at = this.room(8);
    this.view.setFloat64(at, v, true);
  }
  raw(b: Uint8Array): void {
    // room() first: it may replace this.bytes.
    const at = this.room(b.length);
    this.bytes.set(b, at);
  }
  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}
