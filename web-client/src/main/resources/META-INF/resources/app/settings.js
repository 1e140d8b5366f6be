// Settings (#/settings): the account (AccountService.GetAccount), its signed-in devices (ListSessions: each one's
// label, how it signed in, when, from where; this device marked; sign out one, or every other), the password (set one
// on a token-only account, or change it) and new recovery codes. Every refusal shows the server's sentence beside its
// form.

import { $, h, fill, errorText, num } from "./util.js";
import { SessionKind } from "./gen/plyyard/v1/accounts_pb.js";

const KINDS = {
  [SessionKind.TOKEN]: "name only, no password",
  [SessionKind.PASSWORD]: "signed in with the password",
  [SessionKind.RECOVERY]: "signed in with a recovery code",
};

/** Epoch millis as local "YYYY-MM-DD HH:MM". @param {number} ms */
export function when(ms) {
  const d = new Date(ms);
  const p = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * What a session's line says after its label: how it was made, since when, last used, from where, until when.
 * @param {any} s a Session
 */
export function sessionDetails(s) {
  const parts = [KINDS[s.kind] ?? "signed in", `since ${when(num(s.createdAtEpochMillis))}`];
  if (num(s.lastUsedAtEpochMillis)) parts.push(`last used ${when(num(s.lastUsedAtEpochMillis))}`);
  if (s.address) parts.push(`from ${s.address}`);
  parts.push(num(s.expiresAtEpochMillis) ? `expires ${when(num(s.expiresAtEpochMillis))} unless used` : "does not expire");
  return parts.join(" · ");
}

export class SettingsView {
  /**
   * @param {{accounts: any}} api
   * @param {(text: string) => void} announce
   * @param {() => void} signedOutHere  this device's session was ended from here
   * @param {(codes: string[]) => void} showCodes  shows new recovery codes once (then this view again)
   * @param {(hasPassword: boolean) => void} onAccount  what the account is, as read
   */
  constructor(api, announce, signedOutHere, showCodes, onAccount) {
    this.api = api;
    this.announce = announce;
    this.signedOutHere = signedOutHere;
    this.showCodes = showCodes;
    this.onAccount = onAccount;
    /** @type {any} */
    this.account = undefined;
    this.submit("set-password-form", "set-password-submit", "set-password-error", async () => {
      const r = await this.api.accounts.setPassword({ newPassword: field("set-password") });
      this.announce("Your account has a password now: sign in with it on any device.");
      this.showCodes(r.recoveryCodes);
    });
    this.submit("change-password-form", "change-password", "change-password-error", async () => {
      const r = await this.api.accounts.changePassword({ currentPassword: field("current-password"),
        newPassword: field("new-password") });
      this.announce(`The password is changed; ${r.signedOut} other device${r.signedOut === 1 ? " was" : "s were"} signed out.`);
      await this.load();
    });
    this.submit("codes-form", "codes-new", "codes-error", async () => {
      const r = await this.api.accounts.replaceRecoveryCodes({ currentPassword: field("codes-password") });
      this.announce("New recovery codes: the old ones no longer work.");
      this.showCodes(r.recoveryCodes);
    });
    $("sign-out-others").addEventListener("click", () => this.signOutOthers());
  }

  /**
   * Wires a form: its call, then its password fields emptied; a refusal shows the server's sentence.
   * @param {string} formId @param {string} buttonId @param {string} errorId @param {() => Promise<void>} call
   */
  submit(formId, buttonId, errorId, call) {
    const form = $(formId);
    const inputs = [...form.querySelectorAll("input")];
    for (const i of inputs) i.addEventListener("input", () => i.removeAttribute("aria-invalid"));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      $(errorId).textContent = "";
      const button = /** @type {HTMLButtonElement} */ ($(buttonId));
      button.disabled = true;
      try {
        await call();
        for (const i of inputs) {
          i.value = "";
          i.removeAttribute("aria-invalid");
        }
      } catch (err) {
        $(errorId).textContent = errorText(err);
        for (const i of inputs) i.setAttribute("aria-invalid", "true");
        inputs[0]?.focus();
      } finally {
        button.disabled = false;
      }
    });
  }

  /** Shows the view with fresh data. */
  async open() {
    document.title = "Ply Yard · settings";
    for (const id of ["settings-error", "sessions-error", "set-password-error", "change-password-error", "codes-error"]) {
      $(id).textContent = "";
    }
    await this.load();
  }

  async load() {
    try {
      const [account, sessions] = await Promise.all([this.api.accounts.getAccount({}), this.api.accounts.listSessions({})]);
      this.account = account;
      this.renderAccount(account);
      this.renderSessions(sessions.sessions ?? []);
      this.onAccount(account.hasPassword);
    } catch (err) {
      $("settings-error").textContent = errorText(err);
    }
  }

  /** @param {any} a a GetAccountResponse */
  renderAccount(a) {
    const made = num(a.createdAtEpochMillis);
    fill($("account-summary"),
      h("strong", {}, a.player?.name ?? ""), made ? ` · account made ${when(made)}` : "",
      " · ", a.hasPassword ? "has a password" : "no password yet",
      a.externalIssuer ? ` · signs in through ${a.externalIssuer}` : "");
    $("set-password-panel").hidden = a.hasPassword;
    $("change-password-panel").hidden = !a.hasPassword;
    $("codes-panel").hidden = !a.hasPassword;
    $("codes-left").textContent = `${a.recoveryCodesLeft} of 10 recovery codes left unused.`;
    $("codes-left").dataset.left = String(a.recoveryCodesLeft);
  }

  /** @param {any[]} sessions */
  renderSessions(sessions) {
    fill($("sessions"), sessions.map((s) => h("li", { "data-session-id": s.id, "data-current": String(!!s.current),
      class: s.current ? "session current" : "session" },
    h("strong", { class: "device" }, s.deviceLabel || "A device with no name"),
    s.current ? h("span", { class: "this-device" }, " · this device") : null,
    h("span", { class: "note details" }, sessionDetails(s)),
    h("button", { type: "button", class: "sign-out small", onclick: () => this.signOutSession(s) },
      s.current ? "Sign out of this device" : "Sign out"))));
    const others = sessions.filter((s) => !s.current).length;
    /** @type {HTMLButtonElement} */ ($("sign-out-others")).disabled = others === 0;
  }

  /** @param {any} s a Session */
  async signOutSession(s) {
    $("sessions-error").textContent = "";
    try {
      const r = await this.api.accounts.signOutSession({ sessionId: s.id });
      if (r.wasCurrent) {
        this.signedOutHere();
        return;
      }
      this.announce(`${s.deviceLabel || "That device"} is signed out.`);
      await this.load();
    } catch (err) {
      $("sessions-error").textContent = errorText(err);
    }
  }

  async signOutOthers() {
    $("sessions-error").textContent = "";
    try {
      const r = await this.api.accounts.signOutOtherSessions({});
      this.announce(`${r.signedOut} other device${r.signedOut === 1 ? " was" : "s were"} signed out.`);
      await this.load();
    } catch (err) {
      $("sessions-error").textContent = errorText(err);
    }
  }
}

/** @param {string} id */
function field(id) {
  return /** @type {HTMLInputElement} */ ($(id)).value;
}
