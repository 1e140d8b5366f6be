// The game record of a match: the server writes it (MatchService.GetMatchRecord, which has rules-service write it with
// the engine's own record writers: PDN for draughts, the Ploy and Piracy records, the very file `./plyyard export`
// prints), the page only saves it. And the records' move numbers, which the move list shows.

/** @typedef {any} Match  a plyyard.v1.Match (protobuf-es) */

/**
 * Asks the server for a match's record and saves it under the file name the server gives (`plyyard-<id>.pdn`,
 * `.ploy.txt`, `.piracy.txt`). A refusal comes back as the call's RpcError (its message the server's sentence).
 * @param {{getMatchRecord: (r: {matchId: string}) => Promise<any>}} matches  a MatchService client
 * @param {string} matchId
 * @param {(text: string, fileName: string, mediaType: string) => void} [save]  how to save it (a download by default)
 * @returns {Promise<any>} the plyyard.v1.MatchRecord saved
 */
export async function downloadRecord(matches, matchId, save = saveFile) {
  const r = await matches.getMatchRecord({ matchId });
  save(r.text, r.fileName, r.mediaType);
  return r;
}

/** Saves text as a file through a download link. @param {string} text @param {string} fileName @param {string} mediaType */
export function saveFile(text, fileName, mediaType) {
  const url = URL.createObjectURL(new Blob([text], { type: (mediaType || "text/plain") + ";charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The move numbers of a match's record, one entry a ply: `number`, the move number the ply belongs to, and `mark`,
 * what the record writes before it ("12.", "1..." or nothing), as the engine's records number them:
 * - draughts (DraughtsRecord): a number before White's move, and "1..." when Black makes the first move;
 * - Ploy (PloyRecord): a number starts each round, a round starting when the seat to move comes round again;
 * - Piracy (PiracyRecord): a number before each Cook move (repeated while Cook sails alone), "1..." when Silver
 *   starts; the number goes up after each Silver move.
 * The move list (game.js) numbers its rows with it, so the list reads as the record the server writes reads.
 * @param {Match} m
 * @returns {{number: number, mark: string}[]}
 */
export function numbering(m) {
  const game = m.variant?.id?.split(":")[0];
  const moves = m.moves ?? [];
  const colours = (m.seats ?? []).map((s) => s.colour);
  const out = [];
  if (game === "draughts") {
    const ruleSet = m.variant?.ruleSet || m.variant?.id?.split(":")[1];
    let white = moves.length ? moves[0].seat === 0 : ruleSet === "fmjd";
    let number = 1;
    moves.forEach((_, i) => {
      if (white) {
        out.push({ number, mark: `${number}.` });
      } else {
        out.push({ number, mark: i === 0 ? `${number}...` : "" });
        number++;
      }
      white = !white;
    });
  } else if (game === "ploy") {
    let round = 0;
    let lastTurn = Infinity;
    for (const mm of moves) {
      const starts = mm.seat <= lastTurn;
      if (starts) round++;
      out.push({ number: round, mark: starts ? `${round}.` : "" });
      lastTurn = mm.seat;
    }
  } else {
    let number = 1;
    moves.forEach((mm, i) => {
      const cook = colours[mm.seat] === "cook";
      out.push({ number, mark: cook ? `${number}.` : i === 0 ? `${number}...` : "" });
      if (!cook) number++;
    });
  }
  return out;
}

/** The seat that made a move (a partner may make an out seat's move). @param {any} mm a MatchMove */
export function moverOf(mm) {
  const d = mm.move?.detail;
  return d?.case === "ploy" ? d.value.mover : mm.seat;
}
