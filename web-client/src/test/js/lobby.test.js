// app/lobby.js: how a pool wait is counted on my ticket's line, and how a rating reads.

import { ratingText, waitingText } from "../app/lobby.js";
import { eq, test } from "./harness.js";

test("a pool wait: how many of the game's seats are here, and how many are to come", () => {
  eq(waitingText(1, 4), "1 of 4 players here, 3 more to come");
  eq(waitingText(3, 4), "3 of 4 players here, 1 more to come");
  eq(waitingText(1, 2), "1 of 2 players here, 1 more to come");
  eq(waitingText(5, 4), "5 players waiting; a game takes 4", "more than a game's worth: the pairer chooses by rating");
  eq(waitingText(4, 4), "4 players waiting; a game takes 4");
  eq(waitingText(0, 4), "", "not known yet");
});

test("a rating: rounded, a question mark while provisional, and its games", () => {
  eq(ratingText({ rating: 1662.49, provisional: true, games: 1 }), "1662? (1 game)");
  eq(ratingText({ rating: 1499.5, provisional: false, games: 31 }), "1500 (31 games)");
});
