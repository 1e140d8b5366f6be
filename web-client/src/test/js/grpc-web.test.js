// app/api/grpc-web.js: the gRPC-Web transport against a stand-in for fetch — the request as the bridge reads it, and
// answers split anywhere, refused, trailers-only, cut short.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { GetMatchRecordRequestSchema, MatchRecordSchema, MatchService } from "../app/gen/plyyard/v1/lobby_pb.js";
import { Code, createClient } from "../app/api/grpc-web.js";
import { eq, ok, rejects, test } from "./harness.js";

/** A frame as PROTOCOL-WEB.md spells it: the flag, the length in 4 bytes big-endian, the bytes. */
const frame = (flag, bytes) => new Uint8Array([flag, bytes.length >>> 24, (bytes.length >>> 16) & 0xff,
  (bytes.length >>> 8) & 0xff, bytes.length & 0xff, ...bytes]);

const trailer = (text) => frame(0x80, new TextEncoder().encode(text));

/** The bytes cut at these offsets, as a body that arrives in pieces. */
function pieces(bytes, ...cuts) {
  const chunks = [];
  let from = 0;
  for (const at of [...cuts, bytes.length]) {
    chunks.push(bytes.slice(from, at));
    from = at;
  }
  return new ReadableStream({ start(c) { chunks.forEach((x) => c.enqueue(x)); c.close(); } });
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** Runs `body` with fetch answering `answer(url, init)`; answers the requests made. */
async function withFetch(answer, body) {
  const requests = [];
  const real = window.fetch;
  window.fetch = async (url, init) => { requests.push({ url, init }); return answer(url, init); };
  try {
    await body();
  } finally {
    window.fetch = real;
  }
  return requests;
}

const GRPC_WEB = { "content-type": "application/grpc-web+proto" };
const client = () => createClient(MatchService, { token: () => "tok3n" });

test("a unary call: the request framed as the bridge reads it, the answer read across split frames", async () => {
  const record = create(MatchRecordSchema, { matchId: "m1", text: "1. 32-28 *\n", fileName: "plyyard-m1.pdn" });
  const answer = concat(frame(0, toBinary(MatchRecordSchema, record)), trailer("grpc-status: 0\r\ngrpc-message: \r\n"));
  let got;
  const requests = await withFetch(() => new Response(pieces(answer, 3, 9, answer.length - 4), { headers: GRPC_WEB }),
    async () => { got = await client().getMatchRecord({ matchId: "m1" }); });
  eq(got.fileName, "plyyard-m1.pdn");
  eq(got.text, "1. 32-28 *\n");
  eq(requests.length, 1);
  const { url, init } = requests[0];
  eq(url, "/plyyard.v1.MatchService/GetMatchRecord");
  eq(init.method, "POST");
  eq([init.headers["content-type"], init.headers.authorization, init.headers["x-grpc-web"]],
    ["application/grpc-web+proto", "Bearer tok3n", "1"]);
  const sent = init.body;
  eq(sent[0], 0, "a message frame");
  eq(new DataView(sent.buffer).getUint32(1, false), sent.length - 5, "its length");
  eq(fromBinary(GetMatchRecordRequestSchema, sent.slice(5)).matchId, "m1");
});

test("a refusal: the status and the server's percent-encoded sentence as an RpcError", async () => {
  const answer = trailer("grpc-status: 5\r\ngrpc-message: There%20is%20no%20match%20m2%20%E2%80%94%20sorry.\r\n");
  let e;
  await withFetch(() => new Response(pieces(answer, 7), { headers: GRPC_WEB }),
    async () => { e = await rejects(client().getMatchRecord({ matchId: "m2" }), "NOT_FOUND"); });
  eq([e.name, e.code, e.codeName], ["RpcError", Code.NOT_FOUND, "NOT_FOUND"]);
  eq(e.message, "There is no match m2 — sorry.");
});

test("trailers-only: a status in the answer's headers", async () => {
  let e;
  await withFetch(() => new Response(null, { headers: { ...GRPC_WEB, "grpc-status": "16", "grpc-message": "No%20token." } }),
    async () => { e = await rejects(client().getMatchRecord({ matchId: "m1" }), "UNAUTHENTICATED"); });
  eq([e.codeName, e.message], ["UNAUTHENTICATED", "No token."]);
});

test("no gRPC answer at all: an HTTP status is mapped as gRPC maps it, a cut answer is UNAVAILABLE", async () => {
  let e;
  await withFetch(() => new Response("not here", { status: 404 }),
    async () => { e = await rejects(client().getMatchRecord({ matchId: "m1" }), "HTTP 404"); });
  eq(e.codeName, "UNIMPLEMENTED");
  ok(e.message.includes("HTTP 404"), e.message);
  const record = frame(0, toBinary(MatchRecordSchema, create(MatchRecordSchema, { matchId: "m1" })));
  await withFetch(() => new Response(pieces(record, 2), { headers: GRPC_WEB }),
    async () => { e = await rejects(client().getMatchRecord({ matchId: "m1" }), "no trailers"); });
  eq(e.codeName, "UNAVAILABLE");
  await withFetch(() => new Response(pieces(record.slice(0, record.length - 1)), { headers: GRPC_WEB }),
    async () => { e = await rejects(client().getMatchRecord({ matchId: "m1" }), "inside a frame"); });
  eq([e.codeName, e.message], ["INTERNAL", "GetMatchRecord: the answer ended inside a frame."]);
});

test("every RPC of the match service is a method of the client, named as the generated code names it", () => {
  const c = client();
  for (const name of ["getMatch", "getMatchRecord", "listLegalMoves", "submitMove", "watchMatch"]) {
    eq(typeof c[name], "function", name);
  }
});
