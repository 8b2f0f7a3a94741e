/**
 * The drawing primitives the SVG screen is made of: a canvas that collects SVG parts scaled to the
 * screen's width, boxes from node bounds, text that fits a box, and the palette.
 */
import { itemAt } from "../../errors/invariant.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";

const FONT = "'Noto Sans','DejaVu Sans',sans-serif";
export const DEFAULT_ACCENT = "#6750a4";
export const INK = "#1c1b1f";
export const MUTED = "#5f6368";
export const OUTLINE = "#79747e";
export const CHAR_WIDTH = 0.56;
const PALETTE = ["#6750a4", "#1a73e8", "#e8710a", "#188038", "#d93025", "#9334e6", "#007b83"];

/** Escapes text for XML and drops characters XML 1.0 cannot carry. */
export function escapeXml(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff)
      continue;
    out +=
      ch === "&"
        ? "&amp;"
        : ch === "<"
          ? "&lt;"
          : ch === ">"
            ? "&gt;"
            : ch === '"'
              ? "&quot;"
              : ch === "'"
                ? "&apos;"
                : ch;
  }
  return out;
}

export interface Box {
  readonly l: number;
  readonly t: number;
  readonly r: number;
  readonly b: number;
  readonly w: number;
  readonly h: number;
}

export function boxOf(node: droidhub.v1.IUiNode): Box {
  const l = node.bounds?.left ?? 0;
  const t = node.bounds?.top ?? 0;
  const r = node.bounds?.right ?? 0;
  const b = node.bounds?.bottom ?? 0;
  return { l, t, r, b, w: r - l, h: b - t };
}

export function idEnds(node: droidhub.v1.IUiNode, name: string): boolean {
  return (node.resourceId ?? "").endsWith(`:id/${name}`);
}

export function hashColor(label: string): string {
  let h = 0;
  for (let i = 0; i < label.length; i++) h = (h * 31 + label.charCodeAt(i)) | 0;
  return itemAt(PALETTE, Math.abs(h) % PALETTE.length, "palette colour");
}

export class Canvas {
  readonly parts: string[] = [];
  constructor(readonly k: number) {}

  rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): void {
    if (w <= 0 || h <= 0) return;
    this.parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`);
  }

  text(
    value: string,
    x: number,
    y: number,
    size: number,
    fill: string,
    opts: { anchor?: "start" | "middle" | "end"; bold?: boolean } = {},
  ): void {
    if (value === "") return;
    const weight = opts.bold === true ? ` font-weight="bold"` : "";
    const anchor = opts.anchor === undefined || opts.anchor === "start" ? "" : ` text-anchor="${opts.anchor}"`;
    this.parts.push(
      `<text x="${Math.round(x)}" y="${Math.round(y)}" font-family="${FONT}" font-size="${Math.round(size)}" fill="${fill}"${weight}${anchor}>${escapeXml(value)}</text>`,
    );
  }

  /** Text in a box: one line centred vertically (truncated with …), or wrapped when the box is tall. */
  boxText(
    value: string,
    box: Box,
    size: number,
    fill: string,
    opts: { anchor?: "start" | "middle"; bold?: boolean; pad?: number } = {},
  ): void {
    if (value === "" || box.w <= 0 || box.h <= 0) return;
    const pad = opts.pad ?? 0;
    const width = box.w - 2 * pad;
    const perLine = Math.max(1, Math.floor(width / (size * CHAR_WIDTH)));
    const x = opts.anchor === "middle" ? box.l + box.w / 2 : box.l + pad;
    const lineHeight = size * 1.35;
    const maxLines = Math.max(1, Math.floor(box.h / lineHeight));
    if (value.length <= perLine || maxLines === 1) {
      const line = value.length <= perLine ? value : `${value.slice(0, Math.max(1, perLine - 1))}…`;
      this.text(line, x, box.t + (box.h + size * 0.7) / 2, size, fill, opts);
      return;
    }
    const lines = wrap(value, perLine).slice(0, maxLines);
    lines.forEach((line, i) => {
      this.text(line, x, box.t + size + i * lineHeight, size, fill, opts);
    });
  }
}

function wrap(value: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/)) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= perLine) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (line.length > perLine) {
      lines.push(line.slice(0, perLine));
      line = line.slice(perLine);
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
