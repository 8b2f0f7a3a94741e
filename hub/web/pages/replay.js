/**
 * Steps through a finished run's recorded steps, each with its picture: the screen the step acted on
 * with what it did drawn on it (`step_frame`, paired with its step by group, step number and attempt;
 * see frames.js), or why there is none (`frame_missing`). Runs recorded before step frames show a
 * step-mode run's `step_log` screenshot instead. Frames are fetched with the bearer header as blob:
 * URLs; the one on screen is revoked when the player moves on or the page is left.
 */
import { api, blobUrl } from "../api.js";
import { h } from "../dom.js";
import { note, pictureOf, stepKey } from "./frames.js";
import { stepText } from "./timeline.js";

/** Each step's picture ({ image, did } or { missing }) by step key. */
function picturesOf(events) {
  const pictures = new Map();
  for (const e of events) {
    if (e.type === "step_frame" || e.type === "frame_missing")
      pictures.set(stepKey(e.type, e.body), pictureOf(e.type, e.body));
  }
  return pictures;
}

/** The finished steps of a chain, replay or script run, each with its picture. */
function chainSteps(events, pictures) {
  return events
    .filter((e) => e.type === "step_finished")
    .map((e) => {
      const b = e.body;
      const picture = pictures.get(stepKey(e.type, b)) ?? {};
      return {
        title: stepText(b.step),
        label: `${b.verdict} · ${stepText(b.step)}`,
        picture,
        facts: [
          ["Did", picture.did],
          ["Verdict", `${b.verdict} (${b.source})`],
          ["Reason", b.reason],
          ["Change", `${b.change} (level ${b.level})`],
          ["Attempt", b.attempt],
          ["Took", `${b.ms} ms`],
        ].filter(([, v]) => v !== undefined),
      };
    });
}

/** A step-mode run's steps: one per `step_log`. */
function stepLogSteps(events, pictures) {
  return events
    .filter((e) => e.type === "step_log")
    .map((e) => {
      const log = e.body.log ?? {};
      const action = log.action ? `${log.action.tool} ${JSON.stringify(log.action.args ?? {})}` : "—";
      const picture = pictures.get(stepKey(e.type, e.body)) ?? (log.screenshot ? { image: log.screenshot } : {});
      return {
        title: `${log.step}. ${action}`,
        label: `${log.source === "system" ? "system" : "agent"} · ${log.step}. ${action}`,
        picture,
        facts: [
          ["Result", log.action_result],
          ["Thought", log.thought],
          ["Change", log.change_level ?? "—"],
          ["Recovery", `level ${log.recovery_level}`],
          ["Took", `${(log.perception_ms ?? 0) + (log.llm_ms ?? 0) + (log.action_ms ?? 0)} ms`],
        ],
      };
    });
}

export function renderReplay(view, id) {
  const path = `/api/runs/${encodeURIComponent(id)}`;
  const position = h("span", { id: "replay-position", class: "muted" });
  const frame = h("div", { class: "replay-frame", id: "replay-frame" });
  const details = h("div", { class: "replay-details" });
  const current = h("div", { class: "card replay-step", id: "replay-step" }, frame, details);
  const list = h("ul", { class: "replay-list" });
  const prev = h("button", { type: "button", id: "replay-prev", text: "◀ Prev", onclick: () => show(index - 1) });
  const next = h("button", { type: "button", id: "replay-next", text: "Next ▶", onclick: () => show(index + 1) });
  let steps = [];
  let index = 0;
  let url; // the blob: URL on screen
  let shown = 0; // bumps on every move, so a slow fetch for a step already left is dropped
  let stopped = false;

  view.append(
    h("p", {}, h("a", { href: `#/runs/${encodeURIComponent(id)}`, text: "← Run" })),
    h("h1", { text: "Replay" }),
    h("p", {
      class: "muted",
      text: "Each step on the screen it acted on, with what it did marked, its verdict and the change it caused.",
    }),
    h("div", { class: "row" }, prev, position, next),
    current,
    list,
  );

  function release() {
    if (url) URL.revokeObjectURL(url);
    url = undefined;
  }

  function showFrame(picture, title) {
    const ticket = ++shown;
    release();
    const image = picture.image;
    if (!image?.hash) {
      frame.replaceChildren(note(`no screenshot: ${picture.missing ?? "this step recorded none"}`));
      return;
    }
    frame.replaceChildren(h("p", { class: "muted", text: "loading screenshot…" }));
    blobUrl(`/api/screenshots/${encodeURIComponent(image.hash)}`)
      .then((next) => {
        if (stopped || ticket !== shown) return URL.revokeObjectURL(next);
        url = next;
        frame.replaceChildren(
          h("img", {
            id: "replay-image",
            class: "replay-image",
            alt: picture.did ?? `screenshot of step ${title}`,
            width: image.width,
            height: image.height,
            src: next,
          }),
        );
      })
      .catch((e) => {
        if (ticket === shown) frame.replaceChildren(note(`no screenshot: ${e.message}`));
      });
  }

  function show(i) {
    if (steps.length === 0) return;
    index = Math.max(0, Math.min(steps.length - 1, i));
    const step = steps[index];
    position.textContent = `step ${index + 1} of ${steps.length}`;
    prev.disabled = index === 0;
    next.disabled = index === steps.length - 1;
    details.replaceChildren(
      h("h2", { text: step.title }),
      h(
        "dl",
        { class: "facts" },
        step.facts.flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { text: v ?? "" })]),
      ),
    );
    showFrame(step.picture, step.title);
    for (const [i, item] of [...list.children].entries()) item.classList.toggle("current", i === index);
  }

  api(`${path}/steps`)
    .then((answer) => {
      if (stopped) return;
      const pictures = picturesOf(answer.steps);
      const chain = chainSteps(answer.steps, pictures);
      steps = chain.length > 0 ? chain : stepLogSteps(answer.steps, pictures);
      if (steps.length === 0) {
        current.textContent = "This run has no finished steps.";
        prev.disabled = next.disabled = true;
        return;
      }
      list.replaceChildren(...steps.map((s, i) => h("li", { onclick: () => show(i) }, s.label)));
      show(0);
    })
    .catch((e) => {
      prev.disabled = next.disabled = true;
      current.textContent = e.status === 404 ? `This hub has no run "${id}".` : `Could not load steps: ${e.message}`;
    });

  return () => {
    stopped = true;
    shown++;
    release();
  };
}
