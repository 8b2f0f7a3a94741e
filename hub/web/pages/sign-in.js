import { signIn } from "../api.js";
import { h } from "../dom.js";

export function renderSignIn(view) {
  const input = h("input", {
    type: "password",
    id: "operator-key",
    name: "key",
    autocomplete: "current-password",
    required: true,
    placeholder: "operator key",
  });
  const error = h("p", { class: "error", id: "sign-in-error", role: "alert" });
  const form = h(
    "form",
    {
      class: "card sign-in",
      onsubmit: async (event) => {
        event.preventDefault();
        error.textContent = "";
        try {
          await signIn(input.value.trim());
          location.hash = "#/devices";
        } catch (e) {
          error.textContent = e.status === 401 ? "That key was refused." : `Could not sign in: ${e.message}`;
        }
      },
    },
    h("h1", { text: "Sign in" }),
    h("p", { class: "muted", text: "The hub printed its operator key once at first start (or set DROIDHUB_API_KEY)." }),
    h("label", { for: "operator-key", text: "Operator key" }),
    input,
    h("button", { type: "submit", text: "Sign in" }),
    error,
  );
  view.append(form);
  input.focus();
}
