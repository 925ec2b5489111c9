// `npm run dev`: the same server as `npm start`, with Vite in middleware mode instead of the built pages:
// modules and styles are served and transformed on request, and edits under app/ hot-reload in the browser.
// Server-side modules are loaded by Node, as in production (see nodeLoadsServerModules).
import path from "node:path";
import { pathToFileURL } from "node:url";
import middie from "@fastify/middie";
import type { ServerBuild } from "react-router";
import { createServer, type Plugin } from "vite";
import { ConfigError, loadConfig } from "#platform/config.ts";
import { buildApp } from "./app.ts";
import { startBackground } from "./background.ts";
import { createServices } from "./services.ts";

process.env.NODE_ENV ??= "development";

const root = path.resolve(import.meta.dirname, "..");
const serverDirs = ["core", "platform", "server", "integrations"].map((dir) => path.join(root, dir) + path.sep);
const registryKey = Symbol.for("studium.dev.serverModules");

/**
 * In the page renderer, a server-side module (core, platform, server) becomes a thin stand-in for the copy
 * Node has loaded: the pages and the JSON API then share one copy of each, as in the production build
 * (vite.config.ts keeps them external there) — one page-context key, one school cache, one i18n instance.
 * Edits to those modules need a restart; edits under app/ hot-reload.
 */
function nodeLoadsServerModules(): Plugin {
  const registry = ((globalThis as Record<symbol, unknown>)[registryKey] ??= {}) as Record<
    string,
    Record<string, unknown>
  >;
  return {
    name: "studium:node-loads-server-modules",
    enforce: "pre",
    async load(id) {
      const file = id.split("?")[0]!;
      if (this.environment.name !== "ssr" || !/\.tsx?$/.test(file) || !serverDirs.some((dir) => file.startsWith(dir)))
        return null;
      const native = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      registry[file] = native;
      const ref = `globalThis[Symbol.for("studium.dev.serverModules")][${JSON.stringify(file)}]`;
      return Object.keys(native)
        .map((name) =>
          name === "default"
            ? `export default ${ref}.default;`
            : `export const ${name} = ${ref}[${JSON.stringify(name)}];`,
        )
        .join("\n");
    },
  };
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const services = await createServices(config);
  const vite = await createServer({
    server: { middlewareMode: true },
    appType: "custom",
    plugins: [nodeLoadsServerModules()],
  });
  const app = await buildApp({
    services,
    pages: {
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
    },
    devMiddleware: async (fastify) => {
      await fastify.register(middie);
      fastify.use(vite.middlewares);
    },
  });
  const background = config.WORKER === "inline" ? startBackground(services, app.log) : undefined;

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await background?.stop();
    await app.close();
    await vite.close();
    await services.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ address, database: config.database.kind }, "Studium is listening");
  const shown = address.replace("0.0.0.0", "localhost").replace("[::]", "localhost");
  console.log(`\n  Studium (development) is running at ${shown}\n`);
}

await main();
