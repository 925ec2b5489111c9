// The school every benchmark starts from: set up through the API as /setup does, its owner logged in.
import { BrowserClient } from "#tests/helpers/browser-client.ts";

export const BENCH_PASSWORD = "bench-password";

/** Sets the school up at `url` (optionally with the sample content); the owner's logged-in client. */
export async function setUpBenchSchool(
  url: string,
  options: { sample?: boolean; schoolName?: string } = {},
): Promise<BrowserClient> {
  const owner = new BrowserClient(url);
  await owner.page("/setup");
  const setup = await owner.post("/setup", {
    school_name: options.schoolName ?? "Bench Academy",
    language: "en",
    currency: "EUR",
    name: "Bench Owner",
    email: "owner@bench.test",
    password: BENCH_PASSWORD,
    sample: options.sample ?? false,
  });
  if (setup.status !== 200) throw new Error(`setup failed at ${url}: ${setup.status}`);
  return owner;
}
