/** A sign-in app: email + password, "Sign in" → home on the right password, else an error dialog. */
import { APP_BAR_BOTTOM, appBar, button, dialog, field, root, text } from "./layout.js";
import type { AppSpec } from "./types.js";

/** The only password the login app accepts. */
export const CORRECT_PASSWORD = "correct-horse";

const top = APP_BAR_BOTTOM;

export const loginApp: AppSpec = {
  id: "login",
  pkg: "com.droidhub.login",
  label: "Acme Login",
  version: "2.4.1",
  system: false,
  color: "#6750a4",
  start: "login",
  screens: {
    login: {
      id: "login",
      activity: ".LoginActivity",
      root: root([
        appBar("Acme Account", false),
        text("heading", "Sign in to continue", [64, top + 96, 1016, top + 196]),
        field("email", "login.email", "Email", [64, top + 260, 1016, top + 400]),
        field("password", "login.password", "Password", [64, top + 440, 1016, top + 580], true),
        button("sign_in", "Sign in", [64, top + 660, 1016, top + 800], { kind: "submit" }, true),
        text("forgot_password", "Forgot password?", [64, top + 860, 600, top + 940], {
          kind: "push",
          screen: "forgot",
        }),
      ]),
      onSubmit: (ctx) =>
        ctx.get("login.password") === CORRECT_PASSWORD
          ? { kind: "replace", screen: "home", set: { "login.user": ctx.get("login.email") } }
          : { kind: "push", screen: "wrong_password" },
    },
    wrong_password: {
      id: "wrong_password",
      activity: ".LoginActivity",
      modal: true,
      root: dialog("Wrong password", "The password you entered is incorrect. Try again.", [
        { id: "android:id/button1", label: "OK", onTap: { kind: "back" } },
      ]),
    },
    forgot: {
      id: "forgot",
      activity: ".ResetPasswordActivity",
      root: root([
        appBar("Reset password", true),
        text("reset_info", "Ask your administrator to reset your password.", [64, top + 96, 1016, top + 260]),
        button("back_to_sign_in", "Back to sign in", [64, top + 320, 1016, top + 460], { kind: "back" }, true),
      ]),
    },
    home: {
      id: "home",
      activity: ".HomeActivity",
      root: root([
        appBar("Home", false),
        text("welcome", "Welcome, {login.user}", [64, top + 96, 1016, top + 196]),
        text("status", "You are signed in.", [64, top + 220, 1016, top + 300]),
        button(
          "sign_out",
          "Sign out",
          [64, top + 380, 1016, top + 520],
          { kind: "replace", screen: "login", clear: true },
          true,
        ),
      ]),
    },
  },
};
