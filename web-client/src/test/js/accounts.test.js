// app/account.js and app/settings.js: the device label a session is listed with, the recovery codes' file, and how a
// session's line reads in Settings.

import { create } from "@bufbuild/protobuf";
import { SessionKind, SessionSchema } from "../app/gen/plyyard/v1/accounts_pb.js";
import { codesText, deviceLabel } from "../app/account.js";
import { sessionDetails, when } from "../app/settings.js";
import { eq, ok, test } from "./harness.js";

const LINUX_CHROMIUM = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36";

test("the device label: the browser and the system, from the client hints where there are some", () => {
  eq(deviceLabel(LINUX_CHROMIUM, [{ brand: "Chromium" }, { brand: "Not=A?Brand" }], "Linux"), "Chromium on Linux");
  eq(deviceLabel(LINUX_CHROMIUM, [{ brand: "Google Chrome" }, { brand: "Chromium" }], "Windows"), "Chrome on Windows");
  eq(deviceLabel(LINUX_CHROMIUM.replace("Chrome/", "HeadlessChrome/")), "Chromium on Linux", "headless, no hints");
  eq(deviceLabel(LINUX_CHROMIUM + " Edg/150.0.0.0", [], ""), "Edge on Linux");
  eq(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0"), "Firefox on Windows");
  eq(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
    + " Version/18.0 Mobile/15E148 Safari/604.1"), "Safari on iPhone", "iPhone before macOS");
  eq(deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Mobile"
    + " Safari/537.36"), "Chrome on Android", "Android before Linux");
  eq(deviceLabel("curl/8.0"), "A web browser", "nothing known");
  ok(deviceLabel("x".repeat(300), [{ brand: "B".repeat(100) }], "Linux").length <= 64, "at most 64 characters");
});

test("the recovery codes' file: what they are for, the account, the day, a code a line", () => {
  const text = codesText("ana_newbie", ["ABCD-EFGH-IJKL", "MNOP-QRST-UVWX"], new Date(Date.UTC(2026, 11, 7, 12)));
  const lines = text.split("\n");
  eq(lines[0], "Ply Yard recovery codes for ana_newbie, made 2026-12-07.");
  ok(lines[1].includes("Forgot your password?"), lines[1]);
  eq(lines.slice(4, 6), ["ABCD-EFGH-IJKL", "MNOP-QRST-UVWX"]);
  ok(text.endsWith("\n"), "ends with a newline");
});

test("a session's line: how it was made, since when, last used, from where, until when", () => {
  const t = Date.UTC(2026, 11, 7, 20, 5);
  const s = create(SessionSchema, { id: "3f1c", deviceLabel: "Chromium on Linux", kind: SessionKind.PASSWORD,
    createdAtEpochMillis: BigInt(t), lastUsedAtEpochMillis: BigInt(t + 3_600_000), address: "127.0.0.1",
    expiresAtEpochMillis: BigInt(t + 30 * 86_400_000), current: true });
  eq(sessionDetails(s), `signed in with the password · since ${when(t)} · last used ${when(t + 3_600_000)}`
    + ` · from 127.0.0.1 · expires ${when(t + 30 * 86_400_000)} unless used`);
  const old = create(SessionSchema, { kind: SessionKind.TOKEN, createdAtEpochMillis: BigInt(t) });
  eq(sessionDetails(old), `name only, no password · since ${when(t)} · does not expire`, "never used, no address");
  const local = new Date(t);
  eq(when(t).slice(-5), `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`);
  ok(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(when(t)), when(t));
});
