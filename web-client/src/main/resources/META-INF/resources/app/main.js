// The page's entry: the session (a sign-in, sign-up, recovery or name-only registration gives a session token and the
// player, kept in localStorage; WhoAmI on load; an UNAUTHENTICATED answer ends it and shows the sign-in form with a
// sentence; "Sign out of this device" ends this session only), the service clients, the router (#/ lobby,
// #/match/<id> game, #/review/<id> review, #/learn, #/puzzles, #/settings, #/party/<id> and #/challenge/<id> links),
// and the polite status line every module announces through, emptied whenever the view or its subject changes.

import { createClient } from "./api/grpc-web.js";
import { LobbyService, MatchService } from "./gen/plyyard/v1/lobby_pb.js";
import { MatchmakingService } from "./gen/plyyard/v1/matchmaking_pb.js";
import { AccountService } from "./gen/plyyard/v1/accounts_pb.js";
import { LearnService } from "./gen/plyyard/v1/learn_pb.js";
import { $ } from "./util.js";
import { LobbyView } from "./lobby.js";
import { GameView } from "./game.js";
import { LearnView } from "./learn.js";
import { PuzzlesView } from "./puzzles.js";
import { ReviewView } from "./review.js";
import { SettingsView } from "./settings.js";
import { AccountForms, RecoveryCodesView } from "./account.js";

const TOKEN_KEY = "plyyard.token";
const PLAYER_KEY = "plyyard.player";
/** Why the last session here ended, kept for this tab until the next sign-in (a reload still says it). */
const ENDED_KEY = "plyyard.session-ended";
/** The views of a signed-in player; one is shown at a time. */
const VIEWS = ["lobby", "game", "learn", "puzzles", "review", "settings"];

/** @type {{id: string, name: string} | undefined} */
let me = readPlayer();
/** Whether the account has a password: undefined until GetAccount answers. @type {boolean|undefined} */
let hasPassword;

function readPlayer() {
  try {
    const p = JSON.parse(localStorage.getItem(PLAYER_KEY) ?? "null");
    return p && p.id && p.name ? p : undefined;
  } catch {
    return undefined;
  }
}

const token = () => localStorage.getItem(TOKEN_KEY) ?? undefined;
const api = {
  lobby: createClient(LobbyService, { token }),
  match: createClient(MatchService, { token }),
  mm: createClient(MatchmakingService, { token }),
  learn: createClient(LearnService, { token }),
  accounts: createClient(AccountService, { token }),
};

let announced = 0;
/** Says something on the status line ("" empties it). @param {string} text */
function announce(text) {
  const el = $("status");
  const n = ++announced;
  el.textContent = "";
  // a fresh text node, so screen readers read a repeated sentence again; a later announcement wins
  requestAnimationFrame(() => { if (n === announced) el.textContent = text; });
}

const game = new GameView(api, () => me, announce, (text) => {
  // an unknown or malformed match id: back to the lobby, with the server's sentence
  location.hash = "#/";
  lobby.error(text);
});
const lobby = new LobbyView(api, () => me, announce, (r) => game.onRematch(r));
const learn = new LearnView(api, announce);
const puzzles = new PuzzlesView(api, announce);
const review = new ReviewView(api, announce);
const codes = new RecoveryCodesView(announce);
const settings = new SettingsView(api, announce, () => {
  signOut();
  announce("Signed out of this device. Your account stays: sign in again with your name and password.");
}, (list) => {
  codes.show(me?.name ?? "", list, () => route());
  route();
}, (known) => showPassword(known));
const forms = new AccountForms(api, (done) => {
  signIn(done.player, done.token);
  if (done.codes?.length) codes.show(done.player.name, done.codes, () => route());
  route();
  announce(done.sentence);
});

function showSignedIn() {
  const signedIn = !!me;
  $("me").textContent = me ? me.name : "";
  $("account").hidden = !signedIn;
  $("register-view").hidden = signedIn;
  showPassword(signedIn ? hasPassword : undefined);
}

/** The account has a password (true), none (false: it can be lost), or it is not known. @param {boolean|undefined} known */
function showPassword(known) {
  hasPassword = known;
  $("password-banner").hidden = !(me && known === false) || /^#\/settings/.test(location.hash);
  if (known !== false) $("logout-confirm").hidden = true;
}

/** @param {{id: string, name: string}} player @param {string} tok */
function signIn(player, tok) {
  me = { id: player.id, name: player.name };
  hasPassword = undefined;
  sessionStorage.removeItem(ENDED_KEY);
  localStorage.setItem(TOKEN_KEY, tok);
  localStorage.setItem(PLAYER_KEY, JSON.stringify(me));
  showSignedIn();
  lobby.start();
  readAccount();
}

function signOut() {
  me = undefined;
  hasPassword = undefined;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PLAYER_KEY);
  lobby.stop();
  game.close();
  $("logout-confirm").hidden = true;
  showSignedIn();
  route();
}

/** The saved session was refused: the sign-in form, with a sentence and the name filled in. */
function sessionEnded() {
  const name = me?.name ?? "";
  const sentence = `The session of ${name || "this account"} on this device has ended: it was signed out`
    + " (here or from another device) or it expired. Your account is still there: sign in again with your name and"
    + " password.";
  signOut();
  forms.sessionEnded(name, sentence);
  sessionStorage.setItem(ENDED_KEY, JSON.stringify({ name, sentence }));
}

/** After a reload, why the last session ended, if it did (and nobody signed in since). */
function endedBefore() {
  try {
    const ended = JSON.parse(sessionStorage.getItem(ENDED_KEY) ?? "null");
    if (ended?.sentence) forms.sessionEnded(String(ended.name ?? ""), String(ended.sentence));
  } catch {
    // nothing to say
  }
}

/** Whether the account has a password, for the banner and the sign-out warning (a lobby without accounts: unknown). */
async function readAccount() {
  try {
    const a = await api.accounts.getAccount({}, { timeoutMs: 10_000 });
    if (me && a.player?.id === me.id) showPassword(a.hasPassword);
  } catch {
    // not known: no banner, no warning
  }
}

async function logout() {
  try {
    await api.lobby.logout({}, { timeoutMs: 5000 });
  } catch {
    // the token is forgotten here whatever the server said
  }
  signOut();
  announce("Signed out of this device. Your account stays: sign in again with your name and password, here or elsewhere.");
}

$("logout").addEventListener("click", () => {
  if (hasPassword === false) {
    $("logout-confirm").hidden = false;
    $("logout-cancel").focus();
    return;
  }
  logout();
});
$("logout-anyway").addEventListener("click", () => logout());
$("logout-cancel").addEventListener("click", () => { $("logout-confirm").hidden = true; });
$("logout-set-password").addEventListener("click", () => { $("logout-confirm").hidden = true; });

window.addEventListener("plyyard:unauthenticated", () => {
  if (me) sessionEnded();
});

let shownKey = "";
/**
 * Shows one view of a signed-in player and hides the others; when the view or what it shows changes (another match,
 * game or exercise), the status line is emptied, so that no sentence of another view stays above this one.
 * @param {string} view @param {string} key what the view shows
 */
function showView(view, key = view) {
  for (const v of VIEWS) $(v).hidden = v !== view;
  if (key !== shownKey) {
    shownKey = key;
    announce("");
  }
}

/** Shows the view the address asks for. */
function route() {
  const hash = location.hash || "#/";
  const matchId = /^#\/match\/([^/?#]+)/.exec(hash)?.[1];
  const partyId = /^#\/party\/([^/?#]+)/.exec(hash)?.[1];
  const challengeId = /^#\/challenge\/([^/?#]+)/.exec(hash)?.[1];
  const registered = !!me;
  $("register-note").hidden = !(matchId && !registered);
  showPassword(hasPassword);
  if (!registered || codes.active) {
    // signed out: the sign-in page; new recovery codes: nothing but them until they are saved
    for (const v of VIEWS) $(v).hidden = true;
    $("register-view").hidden = registered;
    game.close();
    review.close();
    shownKey = "";
    return;
  }
  const reviewing = /^#\/review(?:[/?]|$)/.test(hash);
  if (reviewing) {
    game.close();
    const reviewed = /^#\/review\/([^/?#]+)/.exec(hash)?.[1];
    showView("review", "review:" + (reviewed ?? ""));
    if (reviewed) review.open(decodeURIComponent(reviewed));
    else review.openRecordForm();
    document.title = "Ply Yard · review";
    return;
  }
  review.close();
  if (/^#\/settings(?:[/?]|$)/.test(hash)) {
    game.close();
    showView("settings");
    settings.open();
    return;
  }
  if (/^#\/puzzles(?:[/?]|$)/.test(hash)) {
    game.close();
    const chosen = /[?&]game=([a-z]+)/.exec(hash)?.[1] ?? puzzles.game;
    showView("puzzles", "puzzles:" + chosen);
    puzzles.show(chosen);
    return;
  }
  if (/^#\/learn(?:[/?]|$)/.test(hash)) {
    game.close();
    const exerciseId = /^#\/learn\/([^/?#]+)/.exec(hash)?.[1];
    if (exerciseId) {
      showView("learn", "learn:" + exerciseId);
      learn.open(decodeURIComponent(exerciseId));
    } else {
      const chosen = /[?&]game=([a-z]+)/.exec(hash)?.[1] ?? learn.game;
      showView("learn", "learn:" + chosen);
      learn.lessons(chosen);
      document.title = "Ply Yard · learn";
    }
    return;
  }
  if (matchId) {
    showView("game", "match:" + matchId);
    game.open(decodeURIComponent(matchId));
    document.title = "Ply Yard · match";
    return;
  }
  game.close();
  showView("lobby");
  document.title = "Ply Yard · lobby";
  lobby.refreshMatches();
  lobby.refreshRatings();
  if (partyId) {
    history.replaceState(null, "", "#/");
    lobby.joinParty(decodeURIComponent(partyId));
  } else if (challengeId) {
    history.replaceState(null, "", "#/");
    lobby.acceptChallenge(decodeURIComponent(challengeId));
  }
}

window.addEventListener("hashchange", route);

async function boot() {
  showSignedIn();
  if (me && token()) {
    lobby.start();
    route();
    try {
      const p = await api.lobby.whoAmI({}, { timeoutMs: 10_000 });
      me = { id: p.id, name: p.name };
      localStorage.setItem(PLAYER_KEY, JSON.stringify(me));
      showSignedIn();
      readAccount();
    } catch (err) {
      // (the lobby stream, refused first, may have ended the session already)
      if (/** @type {any} */ (err)?.codeName === "UNAUTHENTICATED" && me) sessionEnded();
      // otherwise (the server unreachable) keep the saved player; the streams retry
    }
  } else {
    me = undefined;
    route();
    endedBefore();
  }
  document.body.dataset.ready = "true";
}

boot();
