// The school's time zone (migration 0014): a Polish school starts in Europe/Warsaw; the owner picks another from
// the zones the runtime knows (anything else is a 422); a live event stored in UTC is shown on the school's clock
// (18:00 in Warsaw from 17:00Z in winter and 16:00Z in summer), and changing the zone moves what pages show.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { text } from "./catalog-helpers.ts";
import { addProduct } from "./products-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
const polishSchool = {
  name: "Akademia Testowa",
  language: "pl",
  currency: "PLN",
  login_enabled: true,
  registration_enabled: true,
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "pl" });
  await addProduct(server, {
    kind: "live_event",
    slug: "zimowy-webinar",
    title: "Zimowy webinar",
    currency: "PLN",
    event_starts_at: "2031-01-15T17:00:00.000Z",
    event_link: "https://meet.example.com/zima",
  });
  await addProduct(server, {
    kind: "live_event",
    slug: "letni-webinar",
    title: "Letni webinar",
    currency: "PLN",
    event_starts_at: "2031-07-15T16:00:00.000Z",
    event_link: "https://meet.example.com/lato",
  });
});
afterAll(() => server?.stop());

async function eventDate(slug: string): Promise<string> {
  const page = await admin.page(`/products/${slug}`);
  expect(page.status).toBe(200);
  return text(/data-testid="event-date">([^<]*)</.exec(page.html)?.[1] ?? "");
}

it("starts a Polish school in Europe/Warsaw and shows live events on its clock, winter and summer", async () => {
  const school = await server.handle.db.selectFrom("school").select("time_zone").executeTakeFirstOrThrow();
  expect(school.time_zone).toBe("Europe/Warsaw");
  expect(await eventDate("zimowy-webinar")).toContain("15.01.2031 18:00 CET");
  expect(await eventDate("letni-webinar")).toContain("15.07.2031 18:00 CEST");
  const settings = await admin.page("/home/settings");
  expect(settings.html).toMatch(/<option value="Europe\/Warsaw" selected="">Europe\/Warsaw<\/option>/);
  expect(settings.html).toContain('<option value="America/New_York">America/New York</option>');
});

it("takes only a zone the runtime knows, and the pages follow the new one", async () => {
  for (const time_zone of ["Mars/Olympus", "europe/warsaw", "+01:00", ""]) {
    const refused = await admin.json("PUT", "/home/settings", { ...polishSchool, time_zone });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.time_zone).toEqual(["Wybierz strefę czasową z listy."]);
  }
  const saved = await admin.json("PUT", "/home/settings", { ...polishSchool, time_zone: "America/New_York" });
  expect(saved.status).toBe(200);
  expect(await eventDate("zimowy-webinar")).toContain("15.01.2031 12:00 GMT-5");
  expect((await admin.json("PUT", "/home/settings", { ...polishSchool, time_zone: "UTC" })).status).toBe(200);
  expect(await eventDate("letni-webinar")).toContain("15.07.2031 16:00 UTC");
});
