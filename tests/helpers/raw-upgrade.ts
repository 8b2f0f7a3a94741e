/** Sends a raw WebSocket upgrade request and returns the first line the server answers with. */
import net from "node:net";

export function rawUpgrade(
  port: number,
  headers: Record<string, string>,
  path = "/v1/devices/connect",
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      const lines = [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        "Connection: Upgrade",
        "Upgrade: websocket",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        "",
        "",
      ];
      socket.write(lines.join("\r\n"));
    });
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
      if (data.includes("\r\n")) {
        resolve(data.split("\r\n")[0]!);
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
}
