import { ensureBuild } from "#server/build.ts";
import { dropTemplate, prepareTemplate } from "./test-database.ts";

export default async function setup() {
  ensureBuild();
  await prepareTemplate();
  return () => dropTemplate();
}
