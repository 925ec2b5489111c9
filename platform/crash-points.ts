// Crash points for the reliability tests (SECURITY.md figure 4: kill -9 at chosen points of payment handling,
// then restart: nothing lost, nothing doubled). With the test mode (STUDIUM_ENV or NODE_ENV=test) and STUDIUM_CRASH_POINT=<name>, reaching the
// named point kills the process at once with SIGKILL, exactly like `kill -9`. In any other environment it is inert.
const armed =
  (process.env.STUDIUM_ENV ?? process.env.NODE_ENV) === "test" ? process.env.STUDIUM_CRASH_POINT : undefined;

export function crashPoint(name: string): void {
  if (armed === name) process.kill(process.pid, "SIGKILL");
}
