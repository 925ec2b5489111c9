// Runs once in Playwright's main process before any worker starts: the page build, and the migrated
// template database that every spec file's server copies. Workers inherit STUDIUM_TEST_RUN from here, so
// they find this run's template; the returned function drops it at the end.
import { randomBytes } from "node:crypto";
import { ensureBuild } from "#server/build.ts";
import { dropTemplate, prepareTemplate } from "#tests/helpers/test-database.ts";

export default async function globalSetup() {
  process.env.STUDIUM_TEST_RUN ||= `e2e${randomBytes(4).toString("hex")}`;
  ensureBuild();
  await prepareTemplate();
  return async () => {
    await dropTemplate();
  };
}
