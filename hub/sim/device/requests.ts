/** Reading an envelope: which request body it carries, and the one-line record of it. */
import { pb, REQUEST_BODIES, type RequestBody } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";

/** Bodies that count as a user action (the popup and moving-button knobs count these). */
export const ACTIONS: ReadonlySet<string> = new Set([
  "tap",
  "longPress",
  "swipe",
  "scroll",
  "inputText",
  "pressKey",
  "launchApp",
  "openUrl",
]);

/** The request body of an envelope, from the oneof name or from the first set request field. */
export function bodyOf(request: droidhub.v1.IEnvelope): RequestBody | undefined {
  const named = (request as { body?: string }).body;
  if (named !== undefined)
    return (REQUEST_BODIES as readonly string[]).includes(named) ? (named as RequestBody) : undefined;
  return REQUEST_BODIES.find((name) => request[name] !== undefined && request[name] !== null);
}

export function describe(body: RequestBody | undefined, r: droidhub.v1.IEnvelope): string {
  switch (body) {
    case "tap":
      return `${r.tap?.x ?? 0},${r.tap?.y ?? 0}`;
    case "longPress":
      return `${r.longPress?.x ?? 0},${r.longPress?.y ?? 0}`;
    case "swipe":
      return `${r.swipe?.fromX ?? 0},${r.swipe?.fromY ?? 0}->${r.swipe?.toX ?? 0},${r.swipe?.toY ?? 0}`;
    case "scroll":
      return `direction=${r.scroll?.direction ?? 0}${r.scroll?.hasNode === true ? ` node=${r.scroll.nodeIndex ?? 0}` : ""}`;
    case "inputText":
      return JSON.stringify(r.inputText?.text ?? "");
    case "pressKey":
      return pb.Key[r.pressKey?.key ?? 0] ?? String(r.pressKey?.key);
    case "launchApp":
      return r.launchApp?.packageName ?? "";
    case "openUrl":
      return r.openUrl?.url ?? "";
    default:
      return "";
  }
}
