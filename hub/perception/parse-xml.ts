/**
 * uiautomator dumps (`<node …>` elements) and Appium page sources (elements named after their class,
 * with `displayed`, `width`/`height` on the root) → UiSnapshot.
 */

import { createRequire } from "node:module";
import type { XMLParser } from "fast-xml-parser";
import { HubError } from "../errors/hub-error.js";
import { defined, itemAt } from "../errors/invariant.js";
import { finishSnapshot } from "./finish.js";
import { parseBounds } from "./geometry.js";
import { emptyNode, type NodeDraft, type UiSnapshot } from "./snapshot.js";
import { cleanText } from "./text.js";

type Attrs = Record<string, string>;
type OrderedElement = { [tag: string]: OrderedElement[] | string | Attrs | undefined } & { ":@"?: Attrs };

let parser: XMLParser | undefined;

/**
 * The parser, made for the first XML dump: a hub starts (and `droidhub --version` runs) without
 * loading it. Parsing is synchronous, hence require (the package's one-file CommonJS build).
 */
function xmlParser(): XMLParser {
  if (!parser) {
    const fxp = createRequire(import.meta.url)("fast-xml-parser") as typeof import("fast-xml-parser");
    parser = new fxp.XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      preserveOrder: true,
      parseAttributeValue: false,
      parseTagValue: false,
      trimValues: true,
      processEntities: true,
    });
  }
  return parser;
}

const ROOT_CLOSE = "</hierarchy>";

/** Cuts the junk some tools append after the root (log lines, a second dump, shell prompts). */
function trimToRoot(xml: string): string {
  const end = xml.indexOf(ROOT_CLOSE);
  if (end >= 0) return xml.slice(0, end + ROOT_CLOSE.length);
  return xml;
}

function flag(attrs: Attrs, name: string): boolean {
  return attrs[name] === "true";
}

function tagOf(el: OrderedElement): string | undefined {
  for (const key in el) if (key !== ":@") return key;
  return undefined;
}

function fillNode(node: NodeDraft, tag: string, attrs: Attrs, appium: boolean): void {
  node.className = attrs["class"] ?? (tag === "node" ? "" : tag);
  node.packageName = attrs["package"] ?? "";
  node.text = cleanText(attrs["text"]);
  node.contentDesc = cleanText(attrs["content-desc"]);
  node.hint = cleanText(attrs["hint"]);
  node.resourceId = attrs["resource-id"] ?? "";
  node.bounds = parseBounds(attrs["bounds"] ?? "") ?? [0, 0, 0, 0];
  node.clickable = flag(attrs, "clickable");
  node.longClickable = flag(attrs, "long-clickable");
  node.focusable = flag(attrs, "focusable");
  node.focused = flag(attrs, "focused");
  node.checkable = flag(attrs, "checkable");
  node.checked = flag(attrs, "checked");
  node.scrollable = flag(attrs, "scrollable");
  node.enabled = attrs["enabled"] !== "false";
  node.selected = flag(attrs, "selected");
  node.password = flag(attrs, "password");
  node.naf = flag(attrs, "NAF");
  node.visible = appium ? attrs["displayed"] !== "false" : attrs["visible-to-user"] !== "false";
  const windowId = attrs["window-id"] ?? attrs["display-id"];
  node.windowId = windowId ? Number(windowId) || 0 : 0;
  // uiautomator has no "editable" attribute; EditText and its subclasses are the editable fields.
  node.editable =
    flag(attrs, "editable") || /EditText|AutoCompleteTextView|SearchView\$SearchAutoComplete/.test(node.className);
  if (node.hint && node.hint === node.text) node.text = "";
}

export function parseXmlDump(input: string): UiSnapshot {
  const xml = trimToRoot(input);
  if (!xml.includes("<hierarchy")) {
    throw new HubError("PARSE_ERROR", "not a uiautomator or Appium dump: no <hierarchy> root", {
      details: { format: "xml" },
    });
  }
  if (!xml.includes(ROOT_CLOSE) && !/<hierarchy[^>]*\/>\s*$/.test(xml)) {
    throw new HubError("PARSE_ERROR", "truncated dump: </hierarchy> is missing", { details: { format: "xml" } });
  }
  let doc: OrderedElement[];
  try {
    doc = xmlParser().parse(xml) as OrderedElement[];
  } catch (cause) {
    throw new HubError("PARSE_ERROR", `malformed XML: ${(cause as Error).message.slice(0, 200)}`, {
      details: { format: "xml" },
      cause,
    });
  }
  const root = doc.find((el) => tagOf(el) === "hierarchy");
  if (!root) throw new HubError("PARSE_ERROR", "no <hierarchy> root element", { details: { format: "xml" } });
  const rootAttrs = root[":@"] ?? {};
  const appium = rootAttrs["class"] === "hierarchy" || rootAttrs["width"] !== undefined;
  const nodes: NodeDraft[] = [];

  // Iterative pre-order walk: real dumps nest 60+ levels deep and recursion costs more than a stack.
  const stack: Array<{ el: OrderedElement; parent: number; depth: number }> = [];
  const top = (root["hierarchy"] as OrderedElement[] | undefined) ?? [];
  for (let i = top.length - 1; i >= 0; i--) stack.push({ el: itemAt(top, i, "element"), parent: -1, depth: 0 });
  while (stack.length > 0) {
    const { el, parent, depth } = defined(stack.pop(), "element");
    const tag = tagOf(el);
    if (tag === undefined || tag === "#text" || tag === "#comment") continue;
    const node = emptyNode(nodes.length, parent, depth);
    fillNode(node, tag, el[":@"] ?? {}, appium);
    nodes.push(node);
    const children = el[tag];
    if (Array.isArray(children)) {
      for (let i = children.length - 1; i >= 0; i--)
        stack.push({ el: itemAt(children, i, "element"), parent: node.index, depth: depth + 1 });
    }
  }
  const w = Number(rootAttrs["width"]);
  const h = Number(rootAttrs["height"]);
  return finishSnapshot(nodes, {
    source: appium ? "appium" : "uiautomator",
    rotation: Number(rootAttrs["rotation"]) || 0,
    ...(w > 0 && h > 0 ? { screen: { w, h } } : {}),
  });
}
