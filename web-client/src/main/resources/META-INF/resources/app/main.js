// The page's entry: the session (register → token and player in localStorage, WhoAmI on load, logout), the
// service clients, the router (#/ lobby, #/match/<id> game, #/review/<id> review, #/party/<id> and #/challenge/<id>
// links),
// and the polite status line every module announces through.

import { createClient } from "./api/grpc-web.js";
import { LobbyService, MatchService } from "./gen/plyyard/v1/lobby_pb.js";
import { MatchmakingService } from "./gen/plyyard/v1/matchmaking_pb.js";
import { $, errorText } from "./util.js";
import { LobbyView } from "./lobby.js";
import { GameView } from "./game.js";
import { LearnView } from "./learn.js";
import { PuzzlesView } from "./puzzles.js";
import { ReviewView } from "./review.js";
import { LearnService } from "./gen/plyyard/v1/learn_pb.js";

const TOKEN_KEY = "plyyard.token";
const PLAYER_KEY = "plyyard.player";

/** @type {{id: string, name: string} | undefined} */
let me = readPlayer();

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
};

/** @param {string} text */
function announce(text) {
  const el = $("status");
  el.textContent = "";
  // a fresh text node, so screen readers read a repeated sentence again
  requestAnimationFrame(() => { el.textContent = text; });
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

function showSignedIn() {
  const signedIn = !!me;
  $("me").textContent = me ? me.name : "";
  $("account").hidden = !signedIn;
  $("register-view").hidden = signedIn;
}

/** @param {{id: string, name: string}} player @param {string} tok */
function signIn(player, tok) {
  me = { id: player.id, name: player.name };
  localStorage.setItem(TOKEN_KEY, tok);
  localStorage.setItem(PLAYER_KEY, JSON.stringify(me));
  showSignedIn();
  lobby.start();
  route();
}

function signOut() {
  me = undefined;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PLAYER_KEY);
  lobby.stop();
  game.close();
  showSignedIn();
  route();
}

$("register-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = /** @type {HTMLInputElement} */ ($("name"));
  const name = input.value.trim();
  $("register-error").textContent = "";
  input.removeAttribute("aria-invalid");
  const button = /** @type {HTMLButtonElement} */ ($("register"));
  button.disabled = true;
  try {
    const r = await api.lobby.register({ name });
    signIn(r.player, r.token);
    announce(`Welcome, ${r.player.name}.`);
  } catch (err) {
    // the server's sentence (the form does not validate by itself: the page's error line says what is wrong)
    $("register-error").textContent = errorText(err);
    input.setAttribute("aria-invalid", "true");
    input.focus();
  } finally {
    button.disabled = false;
  }
});

$("logout").addEventListener("click", async () => {
  try {
    await api.lobby.logout({}, { timeoutMs: 5000 });
  } catch {
    // the token is forgotten here whatever the server said
  }
  signOut();
  announce("Signed out.");
});

window.addEventListener("plyyard:unauthenticated", () => {
  if (!me) return;
  signOut();
  $("register-error").textContent = "Your session is no longer valid; choose a name to register again.";
});

/** Shows the view the address asks for. */
function route() {
  const hash = location.hash || "#/";
  const matchId = /^#\/match\/([^/?#]+)/.exec(hash)?.[1];
  const partyId = /^#\/party\/([^/?#]+)/.exec(hash)?.[1];
  const challengeId = /^#\/challenge\/([^/?#]+)/.exec(hash)?.[1];
  const registered = !!me;
  $("register-note").hidden = !(matchId && !registered);
  if (!registered) {
    $("lobby").hidden = true;
    $("game").hidden = true;
    $("learn").hidden = true;
    $("puzzles").hidden = true;
    $("review").hidden = true;
    game.close();
    review.close();
    return;
  }
  const reviewing = /^#\/review(?:[/?]|$)/.test(hash);
  $("review").hidden = !reviewing;
  if (reviewing) {
    game.close();
    for (const id of ["game", "lobby", "learn", "puzzles"]) $(id).hidden = true;
    const reviewed = /^#\/review\/([^/?#]+)/.exec(hash)?.[1];
    if (reviewed) review.open(decodeURIComponent(reviewed));
    else review.openRecordForm();
    document.title = "Ply Yard · review";
    return;
  }
  review.close();
  const puzzling = /^#\/puzzles(?:[/?]|$)/.test(hash);
  $("puzzles").hidden = !puzzling;
  if (puzzling) {
    game.close();
    $("game").hidden = true;
    $("lobby").hidden = true;
    $("learn").hidden = true;
    puzzles.show(/[?&]game=([a-z]+)/.exec(hash)?.[1] ?? puzzles.game);
    return;
  }
  const learning = /^#\/learn(?:[/?]|$)/.test(hash);
  $("learn").hidden = !learning;
  if (learning) {
    game.close();
    $("game").hidden = true;
    $("lobby").hidden = true;
    const exerciseId = /^#\/learn\/([^/?#]+)/.exec(hash)?.[1];
    if (exerciseId) {
      learn.open(decodeURIComponent(exerciseId));
    } else {
      learn.lessons(/[?&]game=([a-z]+)/.exec(hash)?.[1] ?? learn.game);
      document.title = "Ply Yard · learn";
    }
    return;
  }
  if (matchId) {
    $("lobby").hidden = true;
    $("game").hidden = false;
    game.open(decodeURIComponent(matchId));
    document.title = "Ply Yard · match";
    return;
  }
  game.close();
  $("game").hidden = true;
  $("lobby").hidden = false;
  document.title = "Ply Yard · lobby";
  lobby.refreshMatches();
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
    } catch (err) {
      if (/** @type {any} */ (err)?.codeName === "UNAUTHENTICATED") {
        signOut();
        $("register-error").textContent = "Your saved session is no longer valid; choose a name to register again.";
      }
      // otherwise (the server unreachable) keep the saved player; the streams retry
    }
  } else {
    me = undefined;
    route();
  }
  document.body.dataset.ready = "true";
}

boot();
