// What the server hands to React Router loaders: the request's school, user and tokens, and the services.
// This module stays outside the page bundle (see vite.config.ts), so the server and the pages share the key.
import type { FastifyBaseLogger } from "fastify";
import { createContext } from "react-router";
import type { Actor } from "#core/shared/actor.ts";
import type { User, School } from "#platform/db/schema.ts";
import type { Lang } from "#platform/i18n/index.ts";
import type { Services } from "./services.ts";

export type RequestContext = {
  school: School | null;
  lang: Lang;
  user: User | null;
  /** who is asking, built once from the session: what use-cases receive (core/shared/actor.ts) */
  actor: Actor;
  sessionId: string | undefined;
  /** the request carried a session cookie that is no longer valid */
  sessionExpired: boolean;
  csrfToken: string;
  nonce: string;
  ip: string;
  userAgent: string;
  baseUrl: string;
};

/** log: the request's own logger (its request id), for failures the pages report (server/http/page-errors.ts). */
export type PageContext = { request: RequestContext; services: Services; log: FastifyBaseLogger };

export const pageContext = createContext<PageContext>();
