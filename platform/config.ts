// Configuration comes from the environment, parsed once at start-up into a typed object.
// A bad value stops the process with a message that names the variable.
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

// proxy-addr's names for address ranges, accepted in a TRUST_PROXY list.
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const version = isIP(address ?? "");
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which hops may set X-Forwarded-For/-Proto/-Host (Fastify's trustProxy): false (none, the default), a hop count,
 * or a list of proxy addresses and CIDR ranges. `true` trusts exactly one hop (the proxy in front of us): trusting
 * every hop would let a client choose its own address by sending `X-Forwarded-For: <any>, ...`.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (["", "0", "false", "no"].includes(lower)) return false;
    if (["true", "yes"].includes(lower)) return 1;
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= 32) return hops;
    } else {
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length && entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: "custom",
      message:
        "must be false, true (one hop), a hop count, or a comma-separated list of proxy addresses or CIDR ranges",
    });
    return z.NEVER;
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => v === "" || /^postgres(ql)?:\/\//.test(v) || v.startsWith("file:") || v.endsWith(".db"), {
      message: "must be a postgres:// URL, a file: URL or a path ending in .db",
    })
    .default(""),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** other host names the school answers to in production besides its public address (comma-separated) */
  ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, "must be host names, comma-separated")),
    )
    .default([]),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** the card form's RSA private key (PKCS#8 PEM, or base64 of it); unset: generated into DATA_DIR/card-rsa.pem */
  CARD_RSA_KEY: z
    .string()
    .refine((v) => v === "" || /PRIVATE KEY-----/.test(v.includes("-----") ? v : Buffer.from(v, "base64").toString()), {
      message: "must be a PEM private key, or base64 of one",
    })
    .optional(),
  SMTP_URL: z
    .string()
    .refine((v) => v === "" || /^smtps?:\/\//.test(v), { message: "must be an smtp:// or smtps:// URL" })
    .default(""),
  MAIL_FROM: z.string().default(""),
  TRUST_PROXY: trustProxySchema.default(false),
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** a Sentry-compatible DSN (Sentry, GlitchTip): unexpected errors are reported there; unset, nothing is sent */
  SENTRY_DSN: z.preprocess((value) => (value === "" ? undefined : value), z.url({ protocol: /^https?$/ }).optional()),
  /** the share of errors reported (spec §8: 0.25) */
  SENTRY_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.25),
  WORKER: z.enum(["inline", "off"]).default("inline"),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_ATTEMPTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(100),
  /** failed logins per account per hour from all addresses together (core/accounts/login-throttle.ts) */
  LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(30),
  /** scrypt's cost N for new password hashes (OWASP: 2^17); each hash stores its own, weaker ones are redone at login */
  PASSWORD_SCRYPT_N: z.coerce
    .number()
    .int()
    .refine((n) => n >= 2 ** 14 && n <= 2 ** 20 && (n & (n - 1)) === 0, {
      message: "must be a power of 2 from 16384 to 1048576",
    })
    .default(2 ** 17),
  /**
   * multiplies every per-route request limit (server/http/route-limits.ts): 2 doubles them, 0 switches them off
   * (a load test). The login throttle's figures above are separate.
   */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(1_000_000).default(1),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** memory for the rendered-page cache of anonymous catalog and sales pages (server/plugins/page-cache.ts); 0: off */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** invoicing services' addresses, for tests and offline development against the fakes in tests/fakes/; empty: the vendor's */
  INVOICING_BASE_URL_IFIRMA: z
    .string()
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), { message: "must be an http(s) URL" })
    .default(""),
  /** may hold {account}, replaced by the account's subdomain (default https://{account}.fakturownia.pl) */
  INVOICING_BASE_URL_FAKTUROWNIA: z
    .string()
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), { message: "must be an http(s) URL" })
    .default(""),
  // Files in an S3-compatible bucket instead of DATA_DIR/files (integrations/storage/s3.ts), when S3_BUCKET is set.
  S3_BUCKET: z.string().default(""),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  S3_ACCESS_KEY_ID: z.string().default(""),
  S3_SECRET_ACCESS_KEY: z.string().default(""),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Lecture videos on Bunny Stream instead of our own tus endpoint (integrations/video/bunny.ts), when set.
  BUNNY_LIBRARY_ID: z.string().regex(/^\d*$/, "must be the library's number").default(""),
  BUNNY_API_KEY: z.string().default(""),
  /** the library's Read-Only API key: Bunny signs its webhooks with it */
  BUNNY_WEBHOOK_SECRET: z.string().default(""),
  /** the library's CDN host name (vz-....b-cdn.net), for the HLS address */
  BUNNY_CDN_HOST: z.string().default(""),
  /** the library's embed token authentication key, when embed tokens are required */
  BUNNY_TOKEN_AUTH_KEY: z.string().default(""),
  BUNNY_API_URL: z.url({ protocol: /^https?$/ }).default("https://video.bunnycdn.com"),
  BUNNY_TUS_URL: z.url({ protocol: /^https?$/ }).default("https://video.bunnycdn.com/tusupload"),
  BUNNY_EMBED_URL: z.url({ protocol: /^https?$/ }).default("https://iframe.mediadelivery.net/embed"),
  /** tests only (honoured when NODE_ENV=test): webhooks may reach the tests' receiver on 127.0.0.1 */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(["0", "1"]).default("0"),
  /** the simulated payment provider: auto = on except in production */
  TEST_PAYMENTS: z.enum(["auto", "on", "off"]).default("auto"),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // STUDIUM_ENV, when set, is the app's own mode and NODE_ENV stays the libraries' (React's production build in the
  // test servers: its development build renders ~9x slower, docs/decisions/0026).
  const result = configSchema.safeParse(env.STUDIUM_ENV ? { ...env, NODE_ENV: env.STUDIUM_ENV } : env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const url = raw.DATABASE_URL;
  const database: Config["database"] = /^postgres(ql)?:\/\//.test(url)
    ? { kind: "postgres", url }
    : { kind: "sqlite", file: url ? path.resolve(url.replace(/^file:/, "")) : path.join(dataDir, "studium.db") };
  const missing = [
    ...(raw.S3_BUCKET ? (["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) : []),
    ...(raw.BUNNY_LIBRARY_ID || raw.BUNNY_API_KEY
      ? (["BUNNY_LIBRARY_ID", "BUNNY_API_KEY", "BUNNY_WEBHOOK_SECRET"] as const)
      : []),
  ].filter((name) => !raw[name]);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required with S3_BUCKET or BUNNY_*`).join("\n")}`,
    );
  }
  return { ...raw, dataDir, database };
}
