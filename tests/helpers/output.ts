/** A writable stream that keeps what CLI commands print, for assertions. */
import { Writable } from "node:stream";

export interface Captured {
  out: Writable;
  text(): string;
}

export function captureOutput(): Captured {
  let printed = "";
  const out = new Writable({
    write(chunk, _encoding, done) {
      printed += chunk;
      done();
    },
  });
  return { out, text: () => printed };
}
