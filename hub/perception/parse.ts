/** Format auto-detection: one entry point for every dump the hub or the CLI is handed. */
import { HubError } from "../errors/hub-error.js";
import { pb } from "../protocol/codec.js";
import { isMobilerunJson, parseMobilerunJson } from "./parse-mobilerun.js";
import { type ProtoUiTree, parseProtoTree } from "./parse-proto.js";
import { parseXmlDump } from "./parse-xml.js";
import type { UiSnapshot } from "./snapshot.js";

export type DumpFormat = "xml" | "json" | "proto";

/** Default ceiling on dump size; the largest real dumps are ~100 KB. */
export const MAX_DUMP_BYTES = 16 * 1024 * 1024;

export interface ParseOptions {
  maxBytes?: number;
}

export function detectFormat(text: string): DumpFormat | undefined {
  const head = text.trimStart().slice(0, 1);
  if (head === "<") return "xml";
  if (head === "{" || head === "[") return "json";
  return undefined;
}

/** Parses a dump in any supported form; bad input raises HubError("PARSE_ERROR"). */
export function parseSnapshot(input: string | Uint8Array | ProtoUiTree, options: ParseOptions = {}): UiSnapshot {
  if (typeof input !== "string" && !(input instanceof Uint8Array)) return parseProtoTree(input);
  const limit = options.maxBytes ?? MAX_DUMP_BYTES;
  if (input.length > limit) {
    throw new HubError("PARSE_ERROR", `dump of ${input.length} bytes exceeds the ${limit} byte limit`, {
      details: { size: input.length, limit },
    });
  }
  let text = typeof input === "string" ? input : Buffer.from(input).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const format = detectFormat(text);
  if (format === "xml") return parseXmlDump(text);
  if (format === "json") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (cause) {
      throw new HubError("PARSE_ERROR", `malformed JSON: ${(cause as Error).message}`, {
        details: { format: "json" },
        cause,
      });
    }
    // Before the Mobilerun shapes: the hub's own answer also carries an `elements` list (the compact one).
    const hubTree = hubUiTree(value);
    if (hubTree) return parseProtoTree(hubTree);
    if (!isMobilerunJson(value)) {
      throw new HubError("PARSE_ERROR", "JSON is not a Mobilerun state, a11y_tree or elements list", {
        details: { format: "json" },
      });
    }
    return parseMobilerunJson(value);
  }
  throw new HubError("PARSE_ERROR", "unrecognised dump: expected uiautomator/Appium XML or Mobilerun JSON", {
    details: { start: text.slice(0, 40) },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The droidhub wire tree as JSON: what GET /api/devices/:id/ui?raw=1 answers (`tree`), or that tree
 * alone. Its JSON form (enum names, 64-bit numbers as strings, defaults left out) is read back by the
 * generated code's own converter, which also checks every field's type.
 */
function hubUiTree(value: unknown): ProtoUiTree | undefined {
  const candidate = isRecord(value) && isRecord(value["tree"]) ? value["tree"] : value;
  if (!isRecord(candidate) || !Array.isArray(candidate["nodes"])) return undefined;
  if (!("screen" in candidate) && !("foregroundPackage" in candidate) && !("windows" in candidate)) return undefined;
  try {
    return pb.UiTree.fromObject(candidate);
  } catch (cause) {
    throw new HubError("PARSE_ERROR", `not a droidhub UI tree: ${(cause as Error).message}`, {
      details: { format: "proto-json" },
      cause,
    });
  }
}
