// Getting into an account (AccountService, accounts.proto): the sign-in, sign-up and recovery forms, the name-only
// registration of before (LobbyService.Register: a token-only account, kept in this browser), the device label a
// session is shown with, and the recovery codes shown once with an "I have saved them" step. Every refusal shows the
// server's sentence under its form.

import { $, h, fill, errorText } from "./util.js";

/** Labels are at most this long (accounts.proto: device_label). */
const LABEL_MAX = 64;

/**
 * The label a session of this browser is listed with, e.g. "Chromium on Linux": the browser from the user-agent
 * client hints' brands where the browser gives them (Chromium-based ones), else from the user-agent string, and the
 * operating system likewise.
 * @param {string} ua navigator.userAgent
 * @param {{brand: string}[]} [brands] navigator.userAgentData.brands
 * @param {string} [platform] navigator.userAgentData.platform
 */
export function deviceLabel(ua, brands = [], platform = "") {
  const names = brands.map((b) => b.brand);
  const has = (/** @type {string} */ n) => names.some((x) => x === n);
  const browser = has("Microsoft Edge") || /Edg(e|A|iOS)?\//.test(ua) ? "Edge"
    : has("Opera") || /OPR\//.test(ua) ? "Opera"
      : /SamsungBrowser\//.test(ua) ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua) ? "Firefox"
          : has("Google Chrome") ? "Chrome"
            : has("Chromium") || /Chromium\/|HeadlessChrome\//.test(ua) ? "Chromium"
              : /Chrome\/|CriOS\//.test(ua) ? "Chrome"
                : /Safari\//.test(ua) ? "Safari" : "";
  const os = platform && platform !== "Unknown" ? (platform === "Chrome OS" ? "ChromeOS" : platform)
    : /Android/.test(ua) ? "Android"
      : /iPhone/.test(ua) ? "iPhone"
        : /iPad/.test(ua) ? "iPad"
          : /Windows/.test(ua) ? "Windows"
            : /Mac OS X|Macintosh/.test(ua) ? "macOS"
              : /CrOS/.test(ua) ? "ChromeOS"
                : /Linux/.test(ua) ? "Linux" : "";
  const label = browser && os ? `${browser} on ${os}` : browser || (os ? `A browser on ${os}` : "A web browser");
  return label.slice(0, LABEL_MAX);
}

/** This browser's label. */
export function thisDevice() {
  const data = /** @type {any} */ (navigator).userAgentData;
  return deviceLabel(navigator.userAgent, data?.brands ?? [], data?.platform ?? "");
}

/**
 * The recovery codes as a file's text: what they are for, the account, the day, one code a line.
 * @param {string} name @param {string[]} codes @param {Date} when
 */
export function codesText(name, codes, when) {
  return [
    `Ply Yard recovery codes for ${name}, made ${when.toISOString().slice(0, 10)}.`,
    "Each code restores the account once, with a new password (\"Forgot your password?\" on the sign-in page).",
    "Keep them somewhere safe; new codes (Settings) replace these.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * @typedef SignedIn  what a successful form hands on
 * @property {{id: string, name: string}} player
 * @property {string} token
 * @property {string[]} [codes]   recovery codes to show once
 * @property {string} sentence    what the status line says
 */

/** The forms of the sign-in page (#register-view). */
export class AccountForms {
  /**
   * @param {{accounts: any, lobby: any}} api
   * @param {(s: SignedIn) => void} signedIn
   */
  constructor(api, signedIn) {
    this.api = api;
    this.signedIn = signedIn;
    this.form("signin-form", "signin", "signin-error", async () => {
      const name = value("signin-name").trim();
      const r = await this.api.accounts.signIn({ name, password: value("signin-password"), deviceLabel: thisDevice() });
      return { player: r.session.player, token: r.session.token, sentence: `Welcome back, ${r.session.player.name}.` };
    });
    this.form("signup-form", "signup", "signup-error", async () => {
      const r = await this.api.accounts.signUp({ name: value("signup-name").trim(), password: value("signup-password"),
        deviceLabel: thisDevice() });
      return { player: r.session.player, token: r.session.token, codes: r.recoveryCodes,
        sentence: `Welcome, ${r.session.player.name}: your account is made.` };
    });
    this.form("recover-form", "recover", "recover-error", async () => {
      const r = await this.api.accounts.recoverAccount({ name: value("recover-name").trim(), code: value("recover-code").trim(),
        newPassword: value("recover-password"), deviceLabel: thisDevice() });
      const left = r.recoveryCodesLeft;
      return { player: r.session.player, token: r.session.token,
        sentence: `The account ${r.session.player.name} is yours again, with the new password; every other device was`
          + ` signed out. ${left} recovery code${left === 1 ? "" : "s"} left.` };
    });
    this.form("register-form", "register", "register-error", async () => {
      const r = await this.api.lobby.register({ name: value("name").trim() });
      return { player: r.player, token: r.token, sentence: `Welcome, ${r.player.name}.` };
    });
    $("forgot").addEventListener("click", () => this.showRecover(!!$("recover-panel").hidden));
  }

  /**
   * Wires one form: submitting calls `call`; a refusal shows the server's sentence in `errorId` and marks the form's
   * fields invalid until they change.
   * @param {string} formId @param {string} buttonId @param {string} errorId @param {() => Promise<SignedIn>} call
   */
  form(formId, buttonId, errorId, call) {
    const form = /** @type {HTMLFormElement} */ ($(formId));
    const inputs = [...form.querySelectorAll("input")];
    for (const i of inputs) i.addEventListener("input", () => i.removeAttribute("aria-invalid"));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      $(errorId).textContent = "";
      for (const i of inputs) i.removeAttribute("aria-invalid");
      const button = /** @type {HTMLButtonElement} */ ($(buttonId));
      button.disabled = true;
      try {
        const done = await call();
        this.clear();
        this.signedIn(done);
      } catch (err) {
        $(errorId).textContent = errorText(err);
        for (const i of inputs) i.setAttribute("aria-invalid", "true");
        inputs[0]?.focus();
      } finally {
        button.disabled = false;
      }
    });
  }

  /** Shows or hides the recovery form (its name taken from the sign-in form). @param {boolean} show */
  showRecover(show) {
    $("recover-panel").hidden = !show;
    $("forgot").setAttribute("aria-expanded", String(show));
    if (show) {
      const name = /** @type {HTMLInputElement} */ ($("recover-name"));
      if (!name.value) name.value = value("signin-name").trim();
      (name.value ? $("recover-code") : name).focus();
    }
  }

  /**
   * The saved session was refused: the sign-in form, with the name filled in and a sentence saying what happened.
   * @param {string} name @param {string} sentence
   */
  sessionEnded(name, sentence) {
    const note = $("session-note");
    note.textContent = sentence;
    note.hidden = false;
    /** @type {HTMLInputElement} */ ($("signin-name")).value = name;
  }

  /** Forgets what was typed (passwords and codes above all) and the errors. */
  clear() {
    for (const id of ["signin-password", "signup-password", "recover-password", "recover-code", "signup-name", "name"]) {
      /** @type {HTMLInputElement} */ ($(id)).value = "";
    }
    for (const id of ["signin-error", "signup-error", "recover-error", "register-error"]) $(id).textContent = "";
    $("session-note").hidden = true;
    $("session-note").textContent = "";
    this.showRecover(false);
  }
}

/**
 * The recovery codes, shown once (#codes-view): copied or downloaded, and "I have saved them" before going on. While
 * it is up the page shows nothing else.
 */
export class RecoveryCodesView {
  /** @param {(text: string) => void} announce */
  constructor(announce) {
    this.announce = announce;
    this.name = "";
    /** @type {string[]} */
    this.codes = [];
    /** @type {(() => void)|undefined} */
    this.then = undefined;
    const saved = /** @type {HTMLInputElement} */ ($("codes-saved"));
    saved.addEventListener("change", () => { /** @type {HTMLButtonElement} */ ($("codes-done")).disabled = !saved.checked; });
    $("codes-done").addEventListener("click", () => this.done());
    $("codes-copy").addEventListener("click", () => this.copy());
    $("codes-download").addEventListener("click", () => this.download());
  }

  get active() {
    return this.codes.length > 0;
  }

  /** @param {string} name @param {string[]} codes @param {() => void} then what follows "Continue" */
  show(name, codes, then) {
    this.name = name;
    this.codes = [...codes];
    this.then = then;
    $("codes-name").textContent = name;
    fill($("recovery-codes"), this.codes.map((c) => h("li", { class: "code" }, h("code", {}, c))));
    /** @type {HTMLInputElement} */ ($("codes-saved")).checked = false;
    /** @type {HTMLButtonElement} */ ($("codes-done")).disabled = true;
    $("codes-view").hidden = false;
    $("codes-title").focus();
  }

  done() {
    if (!/** @type {HTMLInputElement} */ ($("codes-saved")).checked) return;
    const then = this.then;
    this.codes = [];
    this.then = undefined;
    fill($("recovery-codes"));
    $("codes-view").hidden = true;
    then?.();
  }

  async copy() {
    const text = this.codes.join("\n");
    try {
      await navigator.clipboard.writeText(text);
      this.announce("The recovery codes are copied.");
    } catch {
      // no clipboard here (not a secure context): select the codes to copy by hand
      const range = document.createRange();
      range.selectNodeContents($("recovery-codes"));
      const sel = getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      this.announce("Copy the selected codes.");
    }
  }

  download() {
    const blob = new Blob([codesText(this.name, this.codes, new Date())], { type: "text/plain" });
    const url = URL.createObjectURL(blob);
    const a = h("a", { href: url, download: `plyyard-recovery-codes-${this.name}.txt` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.announce("The recovery codes are saved as a file.");
  }
}

/** @param {string} id */
function value(id) {
  return /** @type {HTMLInputElement} */ ($(id)).value;
}
