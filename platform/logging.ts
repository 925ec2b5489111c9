// Structured JSON logs (pino, through Fastify). Secrets never reach them, in two layers:
// 1. known places are redacted by path (credential headers, body fields that may hold one);
// 2. every finished line is scrubbed before it is written: any "password"/"token"/"cardNumber"/... key at any
//    depth, token-like query parameters in any URL, the secret segment of the capability paths below, and
//    anything shaped like a card number (13-19 digits passing the Luhn check) are replaced. Layer 2 catches what
//    a future log call passes in by mistake.
// Every line written while a request is handled carries its id (`reqId`): the request's own logger binds it, and
// lines of other loggers (the server's, a component's) take it from the request's async scope (`mixin` below).
// In development the lines are printed readable (pino-pretty), after the same scrubbing.
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage } from "node:http";
import type { Writable } from "node:stream";
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from "fastify";
import { randomToken } from "./random.ts";

export const redactedPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.current_password",
  "*.password_confirmation",
  "*.token",
  "*.cardNumber",
  "*.cvv",
  "*.cypher",
  "*.secret",
  "*.api_key",
];

const CENSOR = "[redacted]";

// JSON keys whose value is a secret wherever they appear (case-insensitive).
const SECRET_KEYS = [
  "password",
  "current_password",
  "new_password",
  "password_confirmation",
  "passwd",
  "token",
  "access_token",
  "refresh_token",
  "reset_token",
  "csrf_token",
  "_csrf",
  "x-csrf-token",
  "session",
  "cookie",
  "set-cookie",
  "authorization",
  "secret",
  "secret_key",
  "api_key",
  "apikey",
  "signature",
  "cardnumber",
  "card_number",
  "number_card",
  "pan",
  "cvv",
  "cvc",
  "cvv2",
  "cypher",
  "card_expiry",
  // a saved card's token (Tpay's card_token) charges the card with the school's credentials
  "card_token",
];
const keyPattern = SECRET_KEYS.map((k) => k.replace(/[-_]/g, "[-_]?")).join("|");
// "key": "string value" | number | true/false/null. Objects and arrays under such a key keep their shape
// (their own secret keys are scrubbed one by one).
const SECRET_VALUE = new RegExp(
  `("(?:${keyPattern})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*|true|false)`,
  "gi",
);
// ?token=...&password=... in any URL inside a message.
const SECRET_QUERY = new RegExp(`([?&](?:${keyPattern})=)[^&\\s"#]+`, "gi");
// Paths whose next segment is the permission itself (a capability URL): the invitation link
// (/invitations/{token}, /invitations/{token}/accept), the transaction status page and its poll
// (/transaction/{hash}, /transaction/{hash}/pending), the simulated provider's page (/payments/test/{hash}/...)
// a topic mail's unsubscribe link (/community/unsubscribe/{token}) and a lead's double opt-in link
// (/leads/confirm/{token}).
// Reset tokens and upload signatures travel in the query (SECRET_QUERY). A segment of digits only is an id, not a
// secret (/home/access-manager/{course}/invitations/{id}), and a route pattern's parameter (/transaction/:hash, as
// the route table is logged in tests) names no secret either.
export const SECRET_PATH_PREFIXES = [
  "invitations",
  "transaction",
  "payments/test",
  "community/unsubscribe",
  "leads/confirm",
];
const SECRET_PATH = new RegExp(
  `(/(?:${SECRET_PATH_PREFIXES.join("|")})/)(?!\\d*(?:[/?#"\\s\\\\]|$)|:)[^/?#"\\s\\\\]+`,
  "gi",
);

/** The URL or text with the secret segment of every capability path replaced (see SECRET_PATH_PREFIXES). */
export function redactSecretPaths(text: string): string {
  return text.replace(SECRET_PATH, (_m, prefix: string) => `${prefix}${CENSOR}`);
}

// 13-19 digits, optionally grouped by single spaces or dashes, not part of a longer number or a JSON
// number value (timestamps such as "time":1732184400000 stay).
const CARD_LIKE = /(?<![\d:.])\d(?:[ -]?\d){12,18}(?![\d])/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Removes secrets from one serialized log line (see the header). Cheap: a few regular expressions. */
export function scrubSecrets(line: string): string {
  return line
    .replace(SECRET_VALUE, (_m, key: string) => `${key}"${CENSOR}"`)
    .replace(SECRET_QUERY, (_m, prefix: string) => `${prefix}${CENSOR}`)
    .replace(SECRET_PATH, (_m, prefix: string) => `${prefix}${CENSOR}`)
    .replace(CARD_LIKE, (match) => (luhn(match.replace(/[ -]/g, "")) ? CENSOR : match));
}

// The id of the request being handled, for lines written by loggers that do not carry it. One per process:
// the logger's mixin and the request hook must share it; it holds nothing outside a request.
const requestScope = new AsyncLocalStorage<string>();
// Set on the request's logger, and so inherited by its children (pino children are Object.create(parent)):
// their lines carry the id already.
const BINDS_REQUEST_ID = Symbol("studium.bindsRequestId");

// An incoming X-Request-Id (a proxy's or a load balancer's) is kept when it is short and plain, so that lines of
// both can be matched; anything else could forge or flood log lines, and is replaced.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is safe, else 16 random characters. */
export function requestIdFor(request: Pick<IncomingMessage, "headers">): string {
  const given = request.headers["x-request-id"];
  if (typeof given === "string" && SAFE_REQUEST_ID.test(given)) return given;
  return randomToken(12);
}

/** The id of the request being handled here, if any (for code that has no request object). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}

/** Runs `fn` (the rest of a request's handling) with `id` as the request id of every log line written. */
export function runWithRequestId<T>(id: string, fn: () => T): T {
  return requestScope.run(id, fn);
}

/**
 * The request id goes back in X-Request-Id (on the raw response, so that hijacked answers carry it too) and is
 * the id of every log line written while the request is handled, whichever logger writes it (the scope also
 * holds after a body that arrived in pieces: the logging test sends one).
 */
export function trackRequestIds(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.raw.setHeader("x-request-id", request.id);
    runWithRequestId(request.id, done);
  });
}

type LoggerOptionsExtra = {
  /** where lines go instead of stdout (development: a pino-pretty stream, see prettyLogStream) */
  stream?: Writable;
};

export function loggerOptions(level: string, extra: LoggerOptionsExtra = {}): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    ...(extra.stream ? { stream: extra.stream } : {}),
    redact: { paths: redactedPaths, censor: CENSOR },
    hooks: { streamWrite: scrubSecrets },
    mixin(_object: object, _level: number, logger: unknown) {
      if ((logger as Record<symbol, unknown>)[BINDS_REQUEST_ID]) return {};
      const id = requestScope.getStore();
      return id === undefined ? {} : { reqId: id };
    },
    serializers: {
      // The URL may carry a reset token in its query (log the path only) or a capability in its path.
      req(request) {
        return { method: request.method, url: redactSecretPaths(String(request.url).split("?")[0]!), id: request.id };
      },
    },
  };
}

function markBindsRequestId(logger: FastifyBaseLogger): FastifyBaseLogger {
  (logger as unknown as Record<symbol, unknown>)[BINDS_REQUEST_ID] = true;
  return logger;
}

/**
 * Development: readable lines instead of JSON (pino-pretty, in this thread; loaded only here). The lines it
 * receives were scrubbed already (the streamWrite hook runs before any stream).
 */
export async function prettyLogStream(destination?: Writable): Promise<Writable> {
  const { default: pretty } = await import("pino-pretty");
  return pretty({
    colorize: destination ? false : process.stdout.isTTY,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,reqId",
    messageFormat: "{if reqId}({reqId}) {end}{msg}",
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
}

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type Parent = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
type LogCall = (...args: unknown[]) => void;

// Fastify gives every request a child logger that carries its request id. Making one is ~3 µs (pino renders the
// bindings at once) although most requests never write a line at the configured level; this one is made on the
// first line that is actually written. Lines keep the request id exactly as before.
class LazyChildLogger {
  #parent: Parent;
  #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: Parent, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= markBindsRequestId(this.#parent.child(this.#bindings));
    return this.#child;
  }

  #write(level: Level, args: unknown[]) {
    const decider = (this.#child ?? this.#parent) as Parent;
    if (decider.isLevelEnabled && !decider.isLevelEnabled(level)) return;
    const child = this.#real();
    (child[level] as LogCall).apply(child, args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]) {
    this.#write("fatal", args);
  }
  error(...args: unknown[]) {
    this.#write("error", args);
  }
  warn(...args: unknown[]) {
    this.#write("warn", args);
  }
  info(...args: unknown[]) {
    this.#write("info", args);
  }
  debug(...args: unknown[]) {
    this.#write("debug", args);
  }
  trace(...args: unknown[]) {
    this.#write("trace", args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: the per-request logger, made only when a line is written (see above). */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route with its own level or serializers gets an ordinary child.
  if (Object.keys(options).length > 0) {
    return markBindsRequestId(logger.child(bindings, options));
  }
  return new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
