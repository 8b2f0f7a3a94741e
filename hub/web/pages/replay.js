/**
 * Steps through a finished run's recorded steps. The chain agent records no screenshots yet, so the
 * player shows each step's action, verdict and the UI change it caused, not frames.
 */
import { api } from "../api.js";
import { h } from "../dom.js";
import { stepText } from "./timeline.js";

export function renderReplay(view, id) {
  const path = `/api/runs/${encodeURIComponent(id)}`;
  const position = h("span", { id: "replay-position", class: "muted" });
  const current = h("div", { class: "card replay-step", id: "replay-step" });
  const list = h("ul", { class: "replay-list" });
  const prev = h("button", { type: "button", id: "replay-prev", text: "◀ Prev", onclick: () => show(index - 1) });
  const next = h("button", { type: "button", id: "replay-next", text: "Next ▶", onclick: () => show(index + 1) });
  let steps = [];
  let index = 0;

  view.append(
    h("p", {}, h("a", { href: `#/runs/${encodeURIComponent(id)}`, text: "← Run" })),
    h("h1", { text: "Replay" }),
    h("p", {
      class: "muted",
      text: "The chain agent records no screenshots yet: the player shows each step, its verdict and the change it caused.",
    }),
    h("div", { class: "row" }, prev, position, next),
    current,
    list,
  );

  function show(i) {
    if (steps.length === 0) return;
    index = Math.max(0, Math.min(steps.length - 1, i));
    const body = steps[index].body;
    position.textContent = `step ${index + 1} of ${steps.length}`;
    prev.disabled = index === 0;
    next.disabled = index === steps.length - 1;
    current.replaceChildren(
      h("h2", { text: stepText(body.step) }),
      h(
        "dl",
        { class: "facts" },
        [
          ["Verdict", `${body.verdict} (${body.source})`],
          ["Reason", body.reason],
          ["Change", `${body.change} (level ${body.level})`],
          ["Attempt", body.attempt],
          ["Took", `${body.ms} ms`],
        ].flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { text: v ?? "" })]),
      ),
    );
    for (const [i, item] of [...list.children].entries()) item.classList.toggle("current", i === index);
  }

  api(`${path}/steps`)
    .then((answer) => {
      steps = answer.steps.filter((s) => s.type === "step_finished");
      if (steps.length === 0) {
        current.textContent = "This run has no finished steps.";
        prev.disabled = next.disabled = true;
        return;
      }
      list.replaceChildren(
        ...steps.map((s, i) => h("li", { onclick: () => show(i) }, `${s.body.verdict} · ${stepText(s.body.step)}`)),
      );
      show(0);
    })
    .catch((e) => {
      current.textContent = `Could not load steps: ${e.message}`;
    });
}
