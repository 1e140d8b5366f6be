// app/puzzles.js: a finished puzzle's solution told move by move, the solver's moves apart from the replies.

import { solutionText } from "../app/puzzles.js";
import { eq, test } from "./harness.js";

test("the solution: my moves and the replies between them", () => {
  eq(solutionText(["32-28", "23x32", "37x28"]), "you play 32-28, the reply is 23x32, you play 37x28");
  eq(solutionText(["F"]), "you play F");
});
