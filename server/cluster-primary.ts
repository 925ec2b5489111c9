// The primary process of `WEB_CONCURRENCY > 1` (node:cluster): it forks one server process per core and keeps
// them running, starting another when one dies. On SIGTERM or SIGINT it passes the signal on to every worker,
// which stops taking connections and finishes the requests it is answering (server/main.ts), and exits once all
// of them have: a rolling deploy or `docker stop` loses no request in flight. Workers that exit during shutdown
// are not replaced.
import cluster, { type Worker } from "node:cluster";

export type ClusterOptions = {
  workers: number;
  /** How long a worker gives itself to close; the primary waits a little longer, then kills what is left. */
  workerGraceMs: number;
};

const KILL_AFTER_GRACE_MS = 5_000;

/** Set in the environment of the one worker that runs jobs. */
export const RUNS_JOBS_ENV = "STUDIUM_CLUSTER_RUNS_JOBS";

/** In a cluster, whether this worker is the one that runs jobs; outside one, true. */
export function runsJobsInCluster(): boolean {
  return !cluster.isWorker || process.env[RUNS_JOBS_ENV] === "1";
}

export function runClusterPrimary({ workers, workerGraceMs }: ClusterOptions): void {
  const running = new Set<Worker>();
  // The one worker that runs the job worker (see server/main.ts); its replacement takes the role over.
  let jobRunner: Worker | undefined;
  let stopping = false;
  let failed = false;

  const fork = () => {
    const runsJobs = jobRunner === undefined;
    const worker = cluster.fork(runsJobs ? { [RUNS_JOBS_ENV]: "1" } : {});
    if (runsJobs) jobRunner = worker;
    running.add(worker);
  };
  for (let i = 0; i < workers; i++) fork();

  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    if (worker === jobRunner) jobRunner = undefined;
    if (stopping) {
      if (code !== 0) failed = true;
      if (running.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (code !== 0) {
      console.error(`worker ${worker.process.pid} exited with ${code ?? signal}; starting another`);
      fork();
    }
  });

  const stop = (signal: NodeJS.Signals) => {
    // A terminal's Ctrl+C reaches the workers too (one process group): each one stops once, whoever tells it.
    if (stopping) return;
    stopping = true;
    if (running.size === 0) process.exit(0);
    for (const worker of running) worker.process.kill(signal);
    const deadline = setTimeout(() => {
      for (const worker of running) worker.process.kill("SIGKILL");
      process.exit(1);
    }, workerGraceMs + KILL_AFTER_GRACE_MS);
    deadline.unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
