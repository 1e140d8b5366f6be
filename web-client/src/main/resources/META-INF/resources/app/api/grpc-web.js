// gRPC-Web over fetch, binary format (application/grpc-web+proto), for the services generated from the .proto files.
//
// Why our own and not a library: the gRPC-Web clients on npm are not on Maven Central, and the build may use nothing
// else. The protocol is small (grpc/grpc doc/PROTOCOL-WEB.md): one length-prefixed message in the request body; in
// the response, length-prefixed frames, messages (flag 0x00) then one trailer frame (flag 0x80) holding
// "grpc-status" and "grpc-message". fetch's ReadableStream gives server streams in binary mode, frame by frame.
// Encoding and decoding the messages is @bufbuild/protobuf's work.
//
// Ending a stream: cancelling a fetch is the only way a browser ends a request itself, and its developer tools then
// list it as failed ("canceled"). lobby-service's bridge names every call in the `plyyard-call-id` header and ends a
// call cleanly when asked (POST /grpc-web/close/<id>): the trailers, then the end of the response. So aborting a
// stream's signal asks that first, and cancels the request only if no end has come within CLOSE_GRACE_MS.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";

/** gRPC status codes by name. */
export const Code = Object.freeze({
  OK: 0, CANCELLED: 1, UNKNOWN: 2, INVALID_ARGUMENT: 3, DEADLINE_EXCEEDED: 4, NOT_FOUND: 5, ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7, RESOURCE_EXHAUSTED: 8, FAILED_PRECONDITION: 9, ABORTED: 10, OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12, INTERNAL: 13, UNAVAILABLE: 14, DATA_LOSS: 15, UNAUTHENTICATED: 16,
});

const CODE_NAMES = Object.fromEntries(Object.entries(Code).map(([name, code]) => [code, name]));

const CONTENT_TYPE = "application/grpc-web+proto";
const CALL_ID_HEADER = "plyyard-call-id";
const CLOSE_PATH = "/grpc-web/close/";
const CLOSE_GRACE_MS = 2000;
const MESSAGE_FLAG = 0x00;
const TRAILER_FLAG = 0x80;

/** A call that ended with a status other than OK. `message` is the server's sentence, as the server wrote it. */
export class RpcError extends Error {
  /**
   * @param {number} code gRPC status code
   * @param {string} message human sentence
   * @param {Record<string, string>} [metadata] the response's trailers (and headers)
   */
  constructor(code, message, metadata = {}) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    this.codeName = CODE_NAMES[code] ?? `CODE_${code}`;
    this.metadata = metadata;
  }
}

/**
 * @typedef {object} ClientOptions
 * @property {string} [baseUrl] where the services are, "" for the page's own origin
 * @property {() => (string | undefined)} [token] asked at every call; sent as "authorization: Bearer <token>"
 */

/**
 * @typedef {object} CallOptions
 * @property {AbortSignal} [signal] aborts the call; an aborted stream simply ends (closed by the server when it can)
 * @property {number} [timeoutMs] deadline, sent as grpc-timeout
 */

/**
 * A client with one method per RPC of `service` (a generated service descriptor), named lowerCamel as in the
 * generated code: unary methods return a Promise of the response message, server-streaming methods an async iterable
 * of messages. Requests are plain init objects; the client creates the message from them.
 *
 * @param {any} service generated service descriptor, e.g. MatchService
 * @param {ClientOptions} [options]
 */
export function createClient(service, options = {}) {
  const client = {};
  for (const method of service.methods) {
    if (method.methodKind === "unary") {
      client[method.localName] = (init, callOptions) => unary(method, init, options, callOptions);
    } else if (method.methodKind === "server_streaming") {
      client[method.localName] = (init, callOptions) => serverStream(method, init, options, callOptions);
    }
    // client and bidi streams cannot be carried by gRPC-Web; such methods are left out
  }
  return client;
}

async function unary(method, init, options, callOptions = {}) {
  let answer;
  let count = 0;
  for await (const message of call(method, init, options, callOptions)) {
    answer = message;
    count++;
  }
  if (count !== 1) {
    throw new RpcError(Code.INTERNAL, `${method.name} answered ${count} messages instead of one.`);
  }
  return answer;
}

async function* serverStream(method, init, options, callOptions = {}) {
  try {
    yield* call(method, init, options, callOptions, true);
  } catch (e) {
    // the caller ended the stream on purpose: that is a normal end, not an error
    if (callOptions.signal?.aborted && e instanceof RpcError && e.code === Code.CANCELLED) {
      return;
    }
    throw e;
  }
}

/**
 * One call: the request, then the answer's messages as they come.
 * @param {boolean} [closeCleanly] a stream: when the caller's signal aborts, ask the server to end the call
 */
async function* call(method, init, options, callOptions, closeCleanly = false) {
  const headers = { "content-type": CONTENT_TYPE, accept: CONTENT_TYPE, "x-grpc-web": "1" };
  const token = options.token?.();
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  if (callOptions.timeoutMs !== undefined) {
    headers["grpc-timeout"] = `${Math.max(1, Math.ceil(callOptions.timeoutMs))}m`;
  }
  const request = toBinary(method.input, create(method.input, init ?? {}));
  const base = options.baseUrl ?? "";
  const url = `${base}/${method.parent.typeName}/${method.name}`;
  const signal = callOptions.signal;
  if (signal?.aborted) {
    throw new RpcError(Code.CANCELLED, "The call was cancelled.");
  }
  // the request is cancelled through `inner`; the caller's signal first asks the server to end a stream
  const inner = new AbortController();
  let callId = "";
  let finished = false;
  let grace = 0;
  const onAbort = () => {
    if (!closeCleanly || !callId || finished) {
      inner.abort();
      return;
    }
    // (its empty body is read: an answer left unread is listed as a cancelled request too)
    fetch(`${base}${CLOSE_PATH}${encodeURIComponent(callId)}`, { method: "POST" })
      .then((r) => (r.ok ? r.arrayBuffer() : inner.abort()))
      .catch(() => inner.abort());
    grace = setTimeout(() => inner.abort(), CLOSE_GRACE_MS);
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  let response;
  try {
    try {
      response = await fetch(url, { method: "POST", headers, body: frame(MESSAGE_FLAG, request), signal: inner.signal });
    } catch (e) {
      throw transportError(e, signal);
    }
    callId = response.headers.get(CALL_ID_HEADER) ?? "";
    const headerMetadata = Object.fromEntries(response.headers.entries());
    if (headerMetadata["grpc-status"] !== undefined) {
      // "trailers-only": the status came in the HTTP headers, the body carries nothing more
      finished = true;
      await drain(response);
      throwIfNotOk(headerMetadata);
      return;
    }
    if (!response.ok) {
      finished = true;
      await drain(response);
      throw new RpcError(httpStatusToCode(response.status), `${method.name}: the server answered HTTP ${response.status}.`);
    }
    if (!(response.headers.get("content-type") ?? "").startsWith("application/grpc-web")) {
      finished = true;
      await drain(response);
      throw new RpcError(Code.UNKNOWN, `${method.name}: the server did not answer in gRPC-Web.`);
    }
    const reader = response.body.getReader();
    const frames = new FrameReader();
    let trailers;
    try {
      for (;;) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch (e) {
          throw transportError(e, signal);
        }
        if (chunk.done) {
          break;
        }
        frames.push(chunk.value);
        for (let f = frames.next(); f; f = frames.next()) {
          if (trailers) {
            throw new RpcError(Code.INTERNAL, `${method.name}: data after the trailers.`);
          }
          if (f.flag & TRAILER_FLAG) {
            trailers = parseTrailers(f.bytes);
          } else {
            yield fromBinary(method.output, f.bytes);
          }
        }
      }
      finished = true;
    } finally {
      // a caller that stops reading without aborting: cancel the rest, unless the server is ending it
      if (!finished && !grace) {
        inner.abort();
      }
      reader.releaseLock?.();
    }
    if (frames.pending()) {
      throw new RpcError(Code.INTERNAL, `${method.name}: the answer ended inside a frame.`);
    }
    if (!trailers) {
      throw new RpcError(Code.UNAVAILABLE, `${method.name}: the connection closed before the server said how the call ended.`);
    }
    throwIfNotOk({ ...headerMetadata, ...trailers });
  } finally {
    finished = true;
    signal?.removeEventListener("abort", onAbort);
    clearTimeout(grace);
  }
}

/** Reads an answer's body to its end (an answer left unread is listed by the browser as a cancelled request). */
async function drain(response) {
  try {
    await response.arrayBuffer();
  } catch {
    // nothing more to learn from it
  }
}

function throwIfNotOk(metadata) {
  const code = Number.parseInt(metadata["grpc-status"] ?? "", 10);
  if (code === Code.OK) {
    return;
  }
  const message = decodeMessage(metadata["grpc-message"] ?? "");
  throw new RpcError(Number.isNaN(code) ? Code.UNKNOWN : code, message || CODE_NAMES[code] || "The call failed.", metadata);
}

/** grpc-message is percent-encoded (PROTOCOL-HTTP2.md). */
function decodeMessage(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function transportError(e, signal) {
  if (signal?.aborted || e?.name === "AbortError") {
    return new RpcError(Code.CANCELLED, "The call was cancelled.");
  }
  return new RpcError(Code.UNAVAILABLE, `The server cannot be reached (${e?.message ?? e}).`);
}

/** As gRPC maps HTTP statuses of a response that carries no gRPC status (doc/http-grpc-status-mapping.md). */
function httpStatusToCode(status) {
  switch (status) {
    case 400: return Code.INTERNAL;
    case 401: return Code.UNAUTHENTICATED;
    case 403: return Code.PERMISSION_DENIED;
    case 404: return Code.UNIMPLEMENTED;
    case 429: case 502: case 503: case 504: return Code.UNAVAILABLE;
    default: return Code.UNKNOWN;
  }
}

function frame(flag, bytes) {
  const out = new Uint8Array(5 + bytes.length);
  out[0] = flag;
  new DataView(out.buffer).setUint32(1, bytes.length, false);
  out.set(bytes, 5);
  return out;
}

/** Trailer frame text: "name: value" lines separated by CRLF; names lower-case. */
function parseTrailers(bytes) {
  const trailers = {};
  for (const line of new TextDecoder().decode(bytes).split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return trailers;
}

/** Collects body chunks and hands out whole frames; chunks split frames anywhere. */
class FrameReader {
  constructor() {
    this.buffer = new Uint8Array(0);
  }

  push(chunk) {
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer, 0);
    joined.set(chunk, this.buffer.length);
    this.buffer = joined;
  }

  next() {
    if (this.buffer.length < 5) {
      return undefined;
    }
    const length = new DataView(this.buffer.buffer, this.buffer.byteOffset, 5).getUint32(1, false);
    if (this.buffer.length < 5 + length) {
      return undefined;
    }
    const f = { flag: this.buffer[0], bytes: this.buffer.slice(5, 5 + length) };
    this.buffer = this.buffer.slice(5 + length);
    return f;
  }

  pending() {
    return this.buffer.length > 0;
  }
}
