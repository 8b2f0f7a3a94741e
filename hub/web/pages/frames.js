/**
 * Step pictures in the dashboard. Every mode records, per step, the screen it acted on with what it
 * did drawn on it (`step_frame`) or why there is none (`frame_missing`), keyed like the step: group,
 * step number and attempt (step mode: group "step", attempt 1) — the report pairs them the same way
 * (hub/runs/run-frames.ts). Images need the bearer header, so they are fetched as blob: URLs, which
 * `Shots.release()` revokes when the page is left.
 */
import { blobUrl } from "../api.js";
import { h } from "../dom.js";

const STEP_MODE_GROUP = "step";

export function frameKey(group, stepNum, attempt) {
  return `${group}\u0000${stepNum}\u0000${attempt}`;
}

/** The step an event belongs to (step_started, step_finished, step_log, step_frame, frame_missing). */
export function stepKey(type, body) {
  switch (type) {
    case "step_started":
    case "step_finished":
      return frameKey(body.group, body.step?.step_num, body.attempt);
    case "step_log":
      return frameKey(STEP_MODE_GROUP, body.log?.step, 1);
    case "step_frame":
    case "frame_missing":
      return frameKey(body.group, body.step_num, body.attempt);
    default:
      return undefined;
  }
}

/** What a step's picture is: `{ image, did }` or `{ missing }`, from a step_frame or frame_missing body. */
export function pictureOf(type, body) {
  return type === "step_frame" ? { image: body.image, did: body.did } : { missing: body.reason };
}

/** Screenshot blob URLs of one page. */
export class Shots {
  #urls = new Set();
  #stopped = false;

  /** An image element for a stored frame that fills in once fetched; `props` go on the <img>. */
  image(frame, props = {}) {
    const img = h("img", { ...props, alt: props.alt ?? frame.did ?? "the screen this step acted on" });
    if (frame.width && frame.height) {
      img.width = frame.width;
      img.height = frame.height;
    }
    this.load(frame.hash).then(
      (url) => {
        if (url) img.src = url;
      },
      () => img.replaceWith(note("no screenshot: it could not be loaded")),
    );
    return img;
  }

  /** A blob: URL for a stored screenshot (undefined once the page is gone). */
  async load(hash) {
    const url = await blobUrl(`/api/screenshots/${encodeURIComponent(hash)}`);
    if (this.#stopped) {
      URL.revokeObjectURL(url);
      return undefined;
    }
    this.#urls.add(url);
    return url;
  }

  forget(url) {
    if (!url) return;
    this.#urls.delete(url);
    URL.revokeObjectURL(url);
  }

  release() {
    this.#stopped = true;
    for (const url of this.#urls) URL.revokeObjectURL(url);
    this.#urls.clear();
  }
}

/** "no screenshot: <why>" */
export function note(text) {
  return h("p", { class: "muted replay-no-frame", text });
}
