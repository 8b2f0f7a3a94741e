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

/** A writable stream that is also its own record: `sink().text()` is all that was written to it. */
export function sink(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  }) as Writable & { text: () => string };
  w.text = () => chunks.join("");
  return w;
}
