/**
 * The live screen of a phone in the browser: a WebSocket on /api/devices/:id/stream (the key in
 * ?access_token=, a browser WebSocket sends no headers), frames shown as they come, the stream's fps
 * and capture-to-screen latency measured here, and reconnect with backoff while the page is open.
 * Input is not sent on this socket: the page posts actions (tap, swipe, keys) to the API.
 */
import { auth } from "../api.js";

/** Decodes one binary frame message: 4-byte big-endian header length, JSON header, JPEG. */
export function decodeFrame(buffer) {
  const view = new DataView(buffer);
  const length = view.getUint32(0);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, length)));
  return { header, jpeg: new Blob([new Uint8Array(buffer, 4 + length)], { type: "image/jpeg" }) };
}

/**
 * The line under a live view, from `onStats`. A phone streams on change, so a still screen sends
 * nothing: 0 fps then says the screen is unchanged, not that the view is broken, and before the
 * first frame there is no latency to show.
 */
export function liveStatsText({ fps, latencyMs, source, dropped }) {
  const parts = ["live"];
  if (latencyMs === undefined) parts.push("waiting for the first frame");
  else parts.push(`${fps.toFixed(1)} fps${fps === 0 ? " (screen unchanged)" : ""}`, `${latencyMs} ms latency`);
  if (source) parts.push(source);
  if (dropped) parts.push(`${dropped} dropped`);
  return parts.join(" · ");
}

/**
 * Opens the stream; `onFrame(url, header)` gets a blob: URL per frame (the previous one is revoked
 * when the next is shown), `onStats({fps, latencyMs, source, dropped})` once a second (`dropped`:
 * frames the phone or the hub skipped for this viewer, from gaps in seq), `onNotice(message)`.
 */
export function openLiveView(deviceId, { onFrame, onStats, onNotice }) {
  let socket;
  let closed = false;
  let retryMs = 500;
  let timer;
  let url;
  let source;
  const arrivals = [];
  let latencyMs;
  let lastSeq;
  let dropped = 0;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const key = encodeURIComponent(auth.key ?? "");
    socket = new WebSocket(
      `${scheme}://${location.host}/api/devices/${encodeURIComponent(deviceId)}/stream?access_token=${key}`,
    );
    socket.binaryType = "arraybuffer";
    socket.onopen = () => {
      retryMs = 500;
      lastSeq = undefined; // a new stream counts seq afresh
    };
    socket.onmessage = (event) => {
      if (typeof event.data === "string") {
        const notice = JSON.parse(event.data);
        if (notice.type === "stream") source = notice.source;
        onNotice?.(notice);
        return;
      }
      const { header, jpeg } = decodeFrame(event.data);
      if (lastSeq !== undefined && header.seq > lastSeq + 1) dropped += header.seq - lastSeq - 1;
      lastSeq = header.seq;
      const now = Date.now();
      arrivals.push(now);
      latencyMs = Math.max(0, now - header.capturedAtMs);
      const next = URL.createObjectURL(jpeg);
      onFrame(next, header);
      if (url) URL.revokeObjectURL(url);
      url = next;
    };
    socket.onclose = () => {
      if (closed) return;
      onNotice?.({ type: "disconnected" });
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 8000);
    };
  }

  const statsTimer = setInterval(() => {
    const now = Date.now();
    while (arrivals.length > 0 && arrivals[0] < now - 2000) arrivals.shift();
    onStats?.({ fps: arrivals.length / 2, latencyMs, source, dropped });
  }, 1000);

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(statsTimer);
      socket?.close();
      if (url) URL.revokeObjectURL(url);
    },
  };
}
