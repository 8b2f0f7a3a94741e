/**
 * Sign-in apps with a wall only a person gets past, for human takeover: "login-otp" asks for the
 * one-time code "sent by SMS" after the right password, "login-captcha" shows a CAPTCHA (an image,
 * no text in the tree) before it. The agent cannot read either code; an operator who takes over
 * types it. The codes are fixed so tests can play the operator.
 */

import { defined } from "../../errors/invariant.js";
import { APP_BAR_BOTTOM, appBar, button, field, root, text } from "./layout.js";
import { CORRECT_PASSWORD, loginApp } from "./login.js";
import type { AppSpec, NodeSpec, ScreenSpec } from "./types.js";

/** The code the OTP screen accepts ("the SMS" the human reads). */
export const OTP_CODE = "482913";
/** What the CAPTCHA image shows. */
export const CAPTCHA_TEXT = "W7KQ2";

const top = APP_BAR_BOTTOM;
const base = loginApp.screens;

function codeScreen(id: string, title: string, prompt: NodeSpec[], fieldName: string, code: string): ScreenSpec {
  return {
    id,
    activity: `.${id === "otp" ? "Otp" : "Captcha"}Activity`,
    root: root([
      appBar(title, false),
      ...prompt,
      field("code", fieldName, "Code", [64, top + 460, 1016, top + 600]),
      button("verify", "Verify", [64, top + 680, 1016, top + 820], { kind: "submit" }, true),
    ]),
    onSubmit: (ctx) =>
      ctx.get(fieldName).trim() === code
        ? { kind: "replace", screen: "home", set: { "login.user": ctx.get("login.email") } }
        : { kind: "push", screen: "wrong_code" },
  };
}

const wrongCode: ScreenSpec = {
  ...defined(base["wrong_password"], "the login app's wrong_password screen"),
  id: "wrong_code",
};

const otpScreen = codeScreen(
  "otp",
  "Verify it's you",
  [
    text("otp_info", "Enter the 6-digit code we sent by SMS to •••• 0147", [64, top + 96, 1016, top + 260]),
    text("otp_help", "Didn't get it? Wait a minute.", [64, top + 300, 1016, top + 380]),
  ],
  "login.otp",
  OTP_CODE,
);

const captchaImage: NodeSpec = {
  cls: "android.widget.ImageView",
  id: "captcha_image",
  desc: "CAPTCHA image",
  bounds: [64, top + 200, 1016, top + 420],
};

const captchaScreen = codeScreen(
  "captcha",
  "Are you human?",
  [text("captcha_info", "Type the characters in the image", [64, top + 96, 1016, top + 180]), captchaImage],
  "login.captcha",
  CAPTCHA_TEXT,
);

/** The login form, whose right password leads to `next` instead of home. */
function loginLeadingTo(next: string): ScreenSpec {
  return {
    ...defined(base["login"], "the login app's login screen"),
    onSubmit: (ctx) =>
      ctx.get("login.password") === CORRECT_PASSWORD
        ? { kind: "replace", screen: next }
        : { kind: "push", screen: "wrong_password" },
  };
}

export const loginOtpApp: AppSpec = {
  ...loginApp,
  id: "login-otp",
  pkg: "com.droidhub.login.otp",
  label: "Acme Login (OTP)",
  screens: { ...base, login: loginLeadingTo("otp"), otp: otpScreen, wrong_code: wrongCode },
};

export const loginCaptchaApp: AppSpec = {
  ...loginApp,
  id: "login-captcha",
  pkg: "com.droidhub.login.captcha",
  label: "Acme Login (CAPTCHA)",
  start: "captcha",
  screens: {
    ...base,
    captcha: { ...captchaScreen, onSubmit: (ctx) => captchaNext(ctx.get("login.captcha")) },
    wrong_code: wrongCode,
  },
};

function captchaNext(typed: string) {
  return typed.trim() === CAPTCHA_TEXT
    ? ({ kind: "replace", screen: "login" } as const)
    : ({ kind: "push", screen: "wrong_code" } as const);
}
