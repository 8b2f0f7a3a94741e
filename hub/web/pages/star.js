import { api } from "../api.js";
import { h } from "../dom.js";

/** A star toggle for a run; `onChange(run)` gets the run as the hub answers it. */
export function starButton(run, onChange = () => {}) {
  let starred = run.starred;
  const button = h("button", { type: "button", class: "star", "data-star": run.id });
  const show = () => {
    button.textContent = starred ? "★" : "☆";
    button.title = starred ? "Unstar" : "Star";
    button.setAttribute("aria-pressed", String(starred));
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const updated = await api(`/api/runs/${encodeURIComponent(run.id)}/star`, {
        method: "POST",
        body: { starred: !starred },
      });
      starred = updated.starred;
      show();
      onChange(updated);
    } finally {
      button.disabled = false;
    }
  });
  show();
  return button;
}
