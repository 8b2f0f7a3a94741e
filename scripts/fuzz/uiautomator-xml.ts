/**
 * Target `uiautomator-xml`: uiautomator dumps and Appium page sources → parseSnapshot (with a size
 * limit) → compact → renderElements. Documents are valid hierarchies with odd bounds ("[-5,3][2,1]"),
 * missing attributes, entities (numeric, named, undefined, a DOCTYPE's own), deep nesting, huge
 * attribute values and sibling lists, and malformed XML: unescaped text, cut documents, junk after
 * the root.
 */
import fc from "fast-check";
import { compact, parseSnapshot, renderElements } from "../../hub/perception/index.js";
import { edited, hugeString, oddString, protoKey } from "./json-text.js";
import { clip, type SyncTarget } from "./target.js";

export const FUZZ_MAX_DUMP_BYTES = 2 * 1024 * 1024;

const ATTRIBUTES = [
  "index",
  "text",
  "resource-id",
  "class",
  "package",
  "content-desc",
  "checkable",
  "checked",
  "clickable",
  "enabled",
  "focusable",
  "focused",
  "scrollable",
  "long-clickable",
  "password",
  "selected",
  "bounds",
  "visible-to-user",
  "displayed",
  "NAF",
  "hint",
  "window-id",
  "display-id",
];

const FLAGS = new Set([
  "checkable",
  "checked",
  "clickable",
  "enabled",
  "focusable",
  "focused",
  "scrollable",
  "long-clickable",
  "password",
  "selected",
  "visible-to-user",
  "displayed",
  "NAF",
]);

const boundsText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.integer({ min: -50, max: 2_500 }),
        fc.integer({ min: -50, max: 2_500 }),
        fc.integer({ min: -50, max: 2_500 }),
        fc.integer({ min: -50, max: 2_500 }),
      )
      .map(([l, t, r, b]) => `[${l},${t}][${r},${b}]`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "[-5,3][2,1]",
      "[0,0][1080",
      "",
      "[99999999999,0][1,1]",
      "[1.5,2][3,4]",
      "[ 1 , 2 ][ 3 , 4 ]",
      "0,0,1080,2400",
      "[0,0][0,0]",
      "[-2147483648,-2147483648][2147483647,2147483647]",
    ),
  },
);

/** Entities in attribute text: standard, numeric (valid, out of range, surrogate), undefined, bare `&`. */
const entity = fc.constantFrom(
  "&amp;",
  "&lt;",
  "&quot;",
  "&apos;",
  "&#128293;",
  "&#x1F525;",
  "&#0;",
  "&#xD800;",
  "&#99999999;",
  "&#10;",
  "&nbsp;",
  "&foo;",
  "&lol;",
  "&",
  "&#;",
);

/** Text for a double-quoted attribute value. */
function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** An attribute value as it appears between quotes: escaped, entity-laden, or raw (breaking the XML). */
const attributeText = (name: string) =>
  fc
    .tuple(
      name === "bounds"
        ? boundsText
        : FLAGS.has(name)
          ? fc.constantFrom("true", "false", "TRUE", "", "1")
          : fc.oneof(
              { weight: 6, arbitrary: oddString },
              { weight: 1, arbitrary: fc.constantFrom("com.example.app:id/login", "android.widget.EditText") },
            ),
      fc.constantFrom("escaped", "escaped", "escaped", "entities", "raw"),
      fc.array(entity, { minLength: 1, maxLength: 3 }),
    )
    .map(([value, style, entities]) => {
      if (style === "raw") return value;
      const escaped = escapeXml(value);
      return style === "entities" ? escaped + entities.join("") : escaped;
    });

/** Odd names are rare: a document has dozens of attributes, and one bad name refuses it whole. */
const attributeName = fc.oneof(
  { weight: 400, arbitrary: fc.constantFrom(...ATTRIBUTES) },
  { weight: 2, arbitrary: protoKey },
  { weight: 1, arbitrary: fc.constantFrom("xmlns:a", "a:b", "1x", "a b", "") },
);

const attributes = fc
  .array(attributeName, { maxLength: 12 })
  .chain((names) => fc.tuple(...names.map((n) => attributeText(n).map((v) => `${n}="${v}"`))))
  .map((pairs) => pairs.join(" "));

const tagName = fc.oneof(
  { weight: 120, arbitrary: fc.constant("node") },
  // Appium names elements after their class.
  {
    weight: 30,
    arbitrary: fc.constantFrom("android.widget.Button", "android.widget.EditText", "android.webkit.WebView"),
  },
  { weight: 1, arbitrary: fc.constantFrom("hierarchy", "x:node", "node-", "_") },
  { weight: 1, arbitrary: protoKey },
);

interface XmlNode {
  tag: string;
  attributes: string;
  children: XmlNode[];
  text: string;
}

const xmlNode: fc.Arbitrary<XmlNode> = fc.letrec<{ node: XmlNode }>((tie) => ({
  node: fc.record({
    tag: tagName,
    attributes,
    children: fc.oneof(
      { maxDepth: 4, depthIdentifier: "xml-node" },
      { weight: 3, arbitrary: fc.constant([] as XmlNode[]) },
      { weight: 2, arbitrary: fc.array(tie("node"), { maxLength: 4 }) },
    ),
    text: fc.oneof(
      { weight: 8, arbitrary: fc.constant("") },
      { weight: 1, arbitrary: fc.constantFrom("<![CDATA[ <x> & ]]>", "<!-- c -->", "<?pi x?>", " text ", "&amp;") },
    ),
  }),
})).node;

function render(node: XmlNode): string {
  const open = node.attributes ? `<${node.tag} ${node.attributes}` : `<${node.tag}`;
  if (node.children.length === 0 && !node.text) return `${open} />`;
  return `${open}>${node.text}${node.children.map(render).join("")}</${node.tag}>`;
}

/** Nesting or sibling lists too big to generate node by node: one node repeated as text. */
const hugeChildren = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean(), boundsText)
  .map(([n, deep, bounds]) => {
    const open = `<node class="android.widget.FrameLayout" clickable="true" resource-id="a:id/x" bounds="${bounds}">`;
    return deep ? open.repeat(n) + "</node>".repeat(n) : `<node text="t" bounds="${bounds}" />`.repeat(n);
  });

const PROLOGS = [
  "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
  "",
  '\uFEFF<?xml version="1.0"?>',
  '<!DOCTYPE hierarchy [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>',
  '<!DOCTYPE hierarchy SYSTEM "file:///etc/passwd">',
  "<!-- dumped by uiautomator -->",
];

const ROOTS = [
  '<hierarchy rotation="0">',
  '<hierarchy index="0" class="hierarchy" rotatable="true" width="1080" height="2400">',
  "<hierarchy>",
  '<hierarchy rotation="x" width="-1" height="1e9">',
];

const TRAILERS = [
  "",
  "\nUI hierchary dumped to: /dev/tty\n",
  "<hierarchy></hierarchy>",
  "shell@android:/ $ ",
  "</hierarchy>",
];

export const xmlDump: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...PROLOGS),
    fc.constantFrom(...ROOTS),
    fc.oneof(
      { weight: 400, arbitrary: fc.array(xmlNode, { maxLength: 3 }).map((nodes) => nodes.map(render).join("")) },
      // Huge documents are slow to parse; one in a few hundred is enough to find what they find.
      { weight: 1, arbitrary: hugeChildren },
      { weight: 1, arbitrary: hugeString.map((s) => `<node text="${escapeXml(s)}" bounds="[0,0][10,10]" />`) },
      { weight: 8, arbitrary: fc.constantFrom("&c;", '<node text="&c;&c;&c;" />', "<node>&b;</node>") },
    ),
    fc.constantFrom(...TRAILERS),
  )
  .map(([prolog, root, body, trailer]) => `${prolog}${root}${body}</hierarchy>${trailer}`);

const oversized = fc
  .integer({ min: FUZZ_MAX_DUMP_BYTES - 8, max: FUZZ_MAX_DUMP_BYTES + 8 })
  .map((n) => `<hierarchy>${" ".repeat(Math.max(0, n - 23))}</hierarchy>`);

export const xmlTarget: SyncTarget<string> = {
  kind: "sync",
  name: "uiautomator-xml",
  description: "uiautomator / Appium XML → parseSnapshot → compact → renderElements",
  arbitrary: fc.oneof({ weight: 5_000, arbitrary: edited(xmlDump, 5) }, { weight: 1, arbitrary: oversized }),
  show: (text) => clip(text),
  run(text) {
    const view = compact(parseSnapshot(text, { maxBytes: FUZZ_MAX_DUMP_BYTES }));
    renderElements(view.elements, "text");
    return "decoded";
  },
};
