/**
 * Child process of bench:live-view: one viewer of GET /api/devices/:id/stream, as a browser on
 * another machine would be, so that reading the frames is not work of the hub's process. Prints
 * "open" once connected; on SIGTERM prints "frames N" (the frames it got) and leaves.
 *   node --import tsx scripts/bench/live-viewer.ts URL
 */
import WebSocket from "ws";

const [url] = process.argv.slice(2);
if (!url) throw new Error("usage: live-viewer.ts STREAM_URL");
const socket = new WebSocket(url);
let frames = 0;
socket.on("message", (_data, binary) => {
  if (binary) frames++;
});
socket.once("open", () => process.stdout.write("open\n"));
socket.once("error", (error) => {
  console.error(`live-viewer: ${error.message}`);
  process.exit(1);
});
process.once("SIGTERM", () => {
  process.stdout.write(`frames ${frames}\n`);
  socket.close();
  setTimeout(() => process.exit(0), 200).unref();
});
