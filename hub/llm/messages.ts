/**
 * Our ChatMessage → the Chat Completions wire shape. Images become base64 data URLs, only for a model
 * that takes images and only in user messages (the API accepts them nowhere else); otherwise each image
 * is replaced by a short text note so the conversation still reads right.
 */
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatMessage, ContentPart } from "./model.js";
import { renderPrompt } from "./prompts.js";

export function toImageDataUrl(part: { data: Uint8Array; mime: string }): string {
  return `data:${part.mime};base64,${Buffer.from(part.data.buffer, part.data.byteOffset, part.data.byteLength).toString("base64")}`;
}

export function toWireMessages(messages: readonly ChatMessage[], vision: boolean): ChatCompletionMessageParam[] {
  return messages.map((message) => {
    if (typeof message.content === "string") return { role: message.role, content: message.content };
    if (message.role === "user" && vision) return { role: "user", content: message.content.map(toWirePart) };
    const text = message.content.map((part) => (part.type === "text" ? part.text : imageNote(part))).join("\n\n");
    return { role: message.role, content: text };
  });
}

function toWirePart(part: ContentPart): ChatCompletionContentPart {
  if (part.type === "text") return { type: "text", text: part.text };
  return { type: "image_url", image_url: { url: toImageDataUrl(part) } };
}

function imageNote(part: { mime: string }): string {
  return renderPrompt("image-omitted", { mime: part.mime });
}

/** Appends `instruction` to the first system message, or puts a system message first. */
export function withSystemInstruction(messages: readonly ChatMessage[], instruction: string): ChatMessage[] {
  const index = messages.findIndex((m) => m.role === "system");
  if (index === -1) return [{ role: "system", content: instruction }, ...messages];
  return messages.map((message, i) => {
    if (i !== index) return message;
    const content =
      typeof message.content === "string"
        ? `${message.content}\n\n${instruction}`
        : [...message.content, { type: "text" as const, text: instruction }];
    return { ...message, content };
  });
}
