// `npm start`: configuration, database (migrated), the page build, the job worker and the HTTP server.
// WEB_CONCURRENCY > 1 forks one process per core (server/cluster-primary.ts; PostgreSQL recommended: they share
// sessions and limits through the database either way).
import "./compile-cache.ts";
import cluster from "node:cluster";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "#platform/config.ts";
import { clientDir, ensureBuild, serverBuildFile } from "./build.ts";
import { runClusterPrimary, runsJobsInCluster } from "./cluster-primary.ts";

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
    runClusterPrimary({ workers: config.WEB_CONCURRENCY, workerGraceMs: SHUTDOWN_GRACE_MS });
    return;
  }

  // Only a process that serves loads the server's modules: a cluster's primary keeps none of them in memory, and
  // forks its workers without first loading them itself.
  const [{ createServices }, { buildApp }, { startBackground }] = await Promise.all([
    import("./services.ts"),
    import("./app.ts"),
    import("./background.ts"),
  ]);
  const services = await createServices(config);
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const app = await buildApp({ services, pages: { build, mode: "production", clientDir } });
  // In a cluster only one worker runs jobs (a replacement of it too); on PostgreSQL more would be safe, on SQLite
  // one is plenty.
  const runsJobs = config.WORKER === "inline" && runsJobsInCluster();
  const background = runsJobs ? startBackground(services, app.log) : undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    // In a cluster a Ctrl+C reaches a worker twice (from the terminal and from the primary): stop once.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    // A request whose client never finishes its body, or a query stuck on a lock, would hold a clean close
    // forever; after SHUTDOWN_GRACE_MS the process leaves anyway (jobs it held are recovered as stale).
    const deadline = setTimeout(() => {
      app.log.warn("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    // Fastify closes idle keep-alive connections once, as close starts; a connection whose request was in flight
    // then stays open after its answer (until the client's keep-alive ends) and holds the close up.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    await Promise.all([background?.stop(), app.close()]);
    await services.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ address, database: config.database.kind }, "Studium is listening");
  if (config.NODE_ENV !== "test" && !cluster.isWorker) {
    const shown = address.replace("0.0.0.0", "localhost").replace("[::]", "localhost");
    console.log(`\n  Studium is running at ${shown}\n`);
  }
}

await main();
