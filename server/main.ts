// `npm start`: configuration, database (migrated), the page build, the job worker and the HTTP server.
// WEB_CONCURRENCY > 1 forks one process per core (PostgreSQL recommended: they share sessions and limits
// through the database either way).
import cluster from "node:cluster";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "#platform/config.ts";
import { buildApp } from "./app.ts";
import { clientDir, ensureBuild, serverBuildFile } from "./build.ts";
import { createServices } from "./services.ts";
import { startBackground } from "./background.ts";

const SHUTDOWN_GRACE_MS = 10_000;

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

  if (cluster.isPrimary) ensureBuild();
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    for (let i = 0; i < config.WEB_CONCURRENCY; i++) cluster.fork();
    cluster.on("exit", (worker, code) => {
      if (code !== 0) {
        console.error(`worker ${worker.process.pid} exited with ${code}; starting another`);
        cluster.fork();
      }
    });
    return;
  }

  const services = await createServices(config);
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const app = await buildApp({ services, pages: { build, mode: "production", clientDir } });
  // In a cluster only the first worker runs jobs; on PostgreSQL more would be safe, on SQLite one is plenty.
  const runsJobs = config.WORKER === "inline" && (!cluster.isWorker || cluster.worker?.id === 1);
  const background = runsJobs ? startBackground(services, app.log) : undefined;

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    // A request whose client never finishes its body, or a query stuck on a lock, would hold a clean close
    // forever; after SHUTDOWN_GRACE_MS the process leaves anyway (jobs it held are recovered as stale).
    const deadline = setTimeout(() => {
      app.log.warn("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    await background?.stop();
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ address, database: config.database.kind }, "Studium is listening");
  if (config.NODE_ENV !== "test" && !cluster.isWorker) {
    const shown = address.replace("0.0.0.0", "localhost").replace("[::]", "localhost");
    console.log(`\n  Studium is running at ${shown}\n`);
  }
}

await main();
