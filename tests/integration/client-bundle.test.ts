// The browser bundle must never carry server code: a page component that imports a module which imports the
// database pulls the driver into the browser (it happened: the jobs page's chunk held the SQLite driver).
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { clientDir } from "#server/build.ts";

const serverOnlyMarkers = ["better-sqlite3", "journal_mode", "pg-pool", "nodemailer", "scrypt$", "SECRET_KEY"];

it("has no server-only code in any browser asset", () => {
  const assets = path.join(clientDir, "assets");
  const offenders: string[] = [];
  for (const file of fs.readdirSync(assets).filter((f) => f.endsWith(".js"))) {
    const text = fs.readFileSync(path.join(assets, file), "utf8");
    for (const marker of serverOnlyMarkers) if (text.includes(marker)) offenders.push(`${file}: ${marker}`);
  }
  expect(offenders).toEqual([]);
});
