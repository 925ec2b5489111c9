// The pages' error mapping, run through React Router's real request handler on a one-route build: every AppError
// code answers with the API's status (statusOf), a 401 goes to /login with ?next=, and only unexpected failures
// (and 5xx AppErrors) are logged, once, without the query. The real pages are tested in
// tests/integration/page-errors.test.ts.
import { createRequestHandler, isRouteErrorResponse, RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError, type ErrorCode, fieldError, statusOf } from "#core/errors.ts";
import { pageContext, type PageContext } from "../page-context.ts";
import { logPageError, type PageErrorData, withPageErrors } from "./page-errors.ts";

type Logged = { details: Record<string, unknown>; msg: string };

/** A build of one route whose loader runs `load`; the document "renders" as JSON of the boundary's error. */
function oneRouteBuild(load: () => unknown): ServerBuild {
  const routeModule = { loader: load, default: () => null, ErrorBoundary: () => null };
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: any }) => {
          const errors = context.staticHandlerContext.errors as Record<string, unknown> | null;
          const error = errors?.root;
          const body = isRouteErrorResponse(error)
            ? { status: error.status, data: error.data }
            : { error: String(error) };
          return new Response(JSON.stringify(body), { status, headers });
        },
        handleError: logPageError,
      },
    },
    routes: { root: { id: "root", path: "*", module: routeModule } },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: { root: { id: "root", module: "/root.js", hasLoader: true, hasAction: false, hasErrorBoundary: true } },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

async function request(load: () => unknown, url = "http://school.test/some/page?token=secret-token") {
  const logged: Logged[] = [];
  const log = { error: (details: Record<string, unknown>, msg: string) => logged.push({ details, msg }) };
  const context = new RouterContextProvider();
  context.set(pageContext, {
    request: { lang: "pl", user: { id: 7 } },
    services: {},
    log,
  } as unknown as PageContext);
  const handle = createRequestHandler(withPageErrors(oneRouteBuild(load)), "production");
  const response = await handle(new Request(url), context);
  return { response, logged };
}

const codes = (Object.keys(statusOf) as ErrorCode[]).filter((code) => code !== "unauthenticated");

describe("an AppError thrown by a page loader", () => {
  it.each(codes)("%s answers with the API's status and its message in the page's language", async (code) => {
    const { response } = await request(() => {
      throw new AppError(code);
    });
    expect(response.status).toBe(statusOf[code]);
    const body = (await response.json()) as { status: number; data: PageErrorData };
    expect(body.status).toBe(statusOf[code]);
    expect(body.data.code).toBe(code);
    expect(body.data.specific).toBe(false);
  });

  it("carries the Polish message and the fields of a validation error", async () => {
    const { response } = await request(() => {
      throw fieldError("email", "validation:email");
    });
    expect(response.status).toBe(422);
    const { data } = (await response.json()) as { data: PageErrorData };
    expect(data).toEqual({
      code: "validation",
      message: "Podaj poprawny adres e-mail.",
      errors: { email: ["Podaj poprawny adres e-mail."] },
      specific: true,
    });
  });

  it("answers a client-side navigation's data request with the same status", async () => {
    const { response } = await request(() => {
      throw new AppError("forbidden");
    }, "http://school.test/some/page.data");
    expect(response.status).toBe(403);
  });

  it("unauthenticated sends the visitor to log in and come back to the page they meant", async () => {
    const { response } = await request(() => {
      throw new AppError("unauthenticated");
    }, "http://school.test/my/account?tab=2");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/my/account?tab=2")}`);
  });

  it("below 500 is not logged; a 5xx AppError is, once", async () => {
    for (const code of ["not_found", "forbidden", "validation", "conflict"] as const) {
      const { logged } = await request(() => {
        throw new AppError(code);
      });
      expect(logged).toEqual([]);
    }
    const { logged } = await request(() => {
      throw new AppError("unavailable");
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ method: "GET", path: "/some/page", user: 7 });
  });
});

describe("an unexpected failure in a page loader", () => {
  it("answers 500 without its message and is logged once with the request's details, not its query", async () => {
    const failure = new Error("no such table: mails at /srv/app/core/mail.ts:12");
    const { response, logged } = await request(() => {
      throw failure;
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("no such table");
    expect(text).not.toContain("mail.ts");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toBe("page failed");
    expect(logged[0]!.details).toEqual({ err: failure, method: "GET", path: "/some/page", user: 7 });
    expect(JSON.stringify(logged[0]!.details)).not.toContain("secret-token");
  });
});
