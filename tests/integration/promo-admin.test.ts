// Promo codes in the admin area and at the checkout, over HTTP (spec §5, §7 POST /json/promo-code, §8): admins
// only; create, change and delete; 'Code has to be unique' case-insensitively; the end date not before the
// start date (in both languages); a used code is deactivated instead of deleted; the checkout's messages for
// invalid, expired, used-up and other-product codes; a code limited to one course; a fixed amount typed as money
// in a plain form; and a one-use code redeemed by 10 buyers at once is held by exactly one transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, englishSchool, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";
import { checkoutCourse, courseProductId } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
let courseId: number;
let otherCourseId: number;
let productId: number;
let otherProductId: number;

let students = 0;
async function newStudent(): Promise<BrowserClient> {
  students += 1;
  return registerStudent(server, {
    name: `Buyer ${students}`,
    email: `buyer${students}@example.com`,
    password: "buyer-secret",
  });
}

const percent = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  kind: "percent",
  amount: 10,
  ...extra,
});

async function createCode(body: Record<string, unknown>) {
  const response = await admin.post("/home/promo-codes", body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.promo_code as { id: number; code: string; status: string; scope: string; usage_limit: number };
}

function checkCode(client: BrowserClient, code: string, product = productId) {
  return client.post("/json/promo-code", { code, product_id: product, quantity: 1 });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await newStudent();
  courseId = await addCourse(server, {
    slug: "promo-course",
    title: "Promo course",
    price_cents: 10000,
    currency: "EUR",
  });
  otherCourseId = await addCourse(server, {
    slug: "other-course",
    title: "Other course",
    price_cents: 8000,
    currency: "EUR",
  });
  productId = await courseProductId(server, courseId);
  otherProductId = await courseProductId(server, otherCourseId);
});
afterAll(() => server?.stop());

describe("who may manage promo codes", () => {
  it("answers 401 to a visitor and 403 to a student, and changes nothing", async () => {
    const guest = await visitor(server, "/login");
    const calls = [
      ["GET", "/home/promo-codes", undefined],
      ["POST", "/home/promo-codes", percent("NOPE")],
      ["PUT", "/home/promo-codes/1", percent("NOPE")],
      ["DELETE", "/home/promo-codes/1", undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await guest.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await student.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await server.handle.db.selectFrom("promo_codes").select("id").execute()).toEqual([]);
  });

  it("shows the pages to the admin only", async () => {
    expect((await admin.page("/home/promo-codes")).status).toBe(200);
    expect((await admin.page("/home/promo-codes/new")).status).toBe(200);
    expect((await student.page("/home/promo-codes")).status).toBe(404);
  });
});

describe("creating, changing and deleting promo codes", () => {
  it("creates a code as typed, listed with its status, uses and scope", async () => {
    const created = await createCode(percent("Spring-25", { amount: 25 }));
    expect(created).toMatchObject({ code: "Spring-25", status: "active", scope: "all", usage_limit: -1 });
    const row = await server.handle.db
      .selectFrom("promo_codes")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      code: "Spring-25",
      code_key: "SPRING-25",
      kind: "percent",
      amount: 25,
      product_id: null,
    });

    const list = await admin.json("GET", "/home/promo-codes");
    expect(list.status).toBe(200);
    expect(list.body.promo_codes.map((p: { code: string }) => p.code)).toContain("Spring-25");
    expect(list.body.scope_options).toEqual(
      expect.arrayContaining([{ value: `course:${courseId}`, kind: "course", title: "Promo course" }]),
    );
    const page = await admin.page("/home/promo-codes");
    expect(page.html).toContain("Spring-25");
  });

  it("refuses a code that exists in another case: 'Code has to be unique', under the code", async () => {
    const taken = await admin.post("/home/promo-codes", percent("spring-25"));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ code: ["Code has to be unique"] });

    const other = await createCode(percent("Summer"));
    const renamed = await admin.json("PUT", `/home/promo-codes/${other.id}`, percent("SPRING-25"));
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors.code).toEqual(["Code has to be unique"]);
    // Its own code in another case is fine.
    const recased = await admin.json("PUT", `/home/promo-codes/${other.id}`, percent("SUMMER"));
    expect(recased.status).toBe(200);
    expect(recased.body.promo_code.code).toBe("SUMMER");
  });

  it("refuses an end date before the start date, under the end date", async () => {
    const response = await admin.post(
      "/home/promo-codes",
      percent("BACKWARDS", { starts_at: "2030-05-02", ends_at: "2030-05-01" }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ ends_at: ["The end date cannot be earlier than the start date."] });
  });

  it("checks the fields: characters of the code, the amount, the usage limit", async () => {
    const response = await admin.post("/home/promo-codes", {
      code: "two words",
      kind: "percent",
      amount: 150,
      usage_limit: 0,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      code: ["Use only letters, digits, - and _."],
      amount: ["Maximum value: 100."],
      usage_limit: ["Enter how many times the code may be used, or leave it empty for no limit."],
    });
  });

  it("changes a code: a fixed amount limited to one course, with dates and a limit", async () => {
    const created = await createCode(percent("CHANGE-ME"));
    const changed = await admin.json("PUT", `/home/promo-codes/${created.id}`, {
      code: "Course-15",
      kind: "fixed",
      amount: 1500,
      starts_at: "2020-01-01",
      ends_at: "2099-12-31",
      usage_limit: 5,
      scope: `course:${courseId}`,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.promo_code).toMatchObject({
      code: "Course-15",
      kind: "fixed",
      amount: 1500,
      starts_at: "2020-01-01T00:00:00.000Z",
      ends_at: "2099-12-31T23:59:59.999Z",
      usage_limit: 5,
      scope: `course:${courseId}`,
      scope_title: "Promo course",
      status: "active",
    });
    const row = await server.handle.db
      .selectFrom("promo_codes")
      .select("product_id")
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.product_id).toBe(productId);
    expect((await admin.json("PUT", "/home/promo-codes/999999", percent("X"))).status).toBe(404);
    expect(
      (await admin.json("PUT", `/home/promo-codes/${created.id}`, { ...percent("Y"), scope: "course:999999" })).body
        .errors,
    ).toEqual({
      scope: ["Choose one of the options."],
    });
  });

  it("takes the page's plain form: a fixed amount typed as money, then back with the error", async () => {
    const fields = {
      code: "PLAIN-FORM",
      kind: "fixed",
      amount: "12,50",
      starts_at: "",
      ends_at: "",
      usage_limit: "",
      scope: "all",
    };
    const submit = (values: Record<string, string>) =>
      admin.raw("/home/promo-codes", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", referer: `${server.url}/home/promo-codes/new` },
        body: new URLSearchParams({ ...values, _csrf: admin.csrfToken }).toString(),
      });
    const saved = await submit(fields);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/home/promo-codes?saved=PLAIN-FORM");
    const row = await server.handle.db
      .selectFrom("promo_codes")
      .select(["kind", "amount", "usage_limit"])
      .where("code_key", "=", "PLAIN-FORM")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: "fixed", amount: 1250, usage_limit: -1 });

    const again = await submit(fields);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/home/promo-codes/new?error=promo%3Acode_taken");
  });

  it("deletes an unused code, and deactivates a code a transaction used instead, saying so", async () => {
    const unused = await createCode(percent("UNUSED"));
    const deleted = await admin.json("DELETE", `/home/promo-codes/${unused.id}`);
    expect(deleted.body).toEqual({ outcome: "deleted", message: "The promo code has been deleted." });
    expect(
      await server.handle.db.selectFrom("promo_codes").select("id").where("id", "=", unused.id).executeTakeFirst(),
    ).toBeUndefined();

    const used = await createCode(percent("USED-ONCE"));
    const buyer = await newStudent();
    const checkout = await checkoutCourse(buyer, "promo-course", { promo_code: "used-once", unit_price_cents: 10000 });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);

    const before = new Date().toISOString();
    const removed = await admin.json("DELETE", `/home/promo-codes/${used.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      outcome: "deactivated",
      message:
        "This code has already been used in purchases, so it was deactivated (it ended now) instead of being deleted.",
    });
    const row = await server.handle.db
      .selectFrom("promo_codes")
      .select(["ends_at"])
      .where("id", "=", used.id)
      .executeTakeFirstOrThrow();
    expect(row.ends_at! >= before && row.ends_at! <= new Date().toISOString()).toBe(true);
    const transaction = await server.handle.db
      .selectFrom("transactions")
      .select("promo_code_id")
      .where("hash", "=", checkout.body.hash)
      .executeTakeFirstOrThrow();
    expect(transaction.promo_code_id).toBe(used.id);
    const list = await admin.json("GET", "/home/promo-codes");
    expect(list.body.promo_codes.find((p: { id: number }) => p.id === used.id).status).toBe("expired");
    expect((await checkCode(await newStudent(), "USED-ONCE")).body.message).toBe("Coupon code expired");
    expect((await admin.json("DELETE", "/home/promo-codes/999999")).status).toBe(404);
  });
});

describe("POST /json/promo-code with codes the admin made", () => {
  it("says 'Invalid coupon code' for an unknown code and one that has not started", async () => {
    await createCode(percent("LATER", { starts_at: "2099-01-01" }));
    for (const code of ["NO-SUCH-CODE", "LATER"]) {
      const response = await checkCode(student, code);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ promo_code: ["Invalid coupon code"] });
    }
  });

  it("says 'Coupon code expired' for a code that has ended", async () => {
    await createCode(percent("OLD", { starts_at: "2020-01-01", ends_at: "2020-01-31" }));
    const response = await checkCode(student, "old");
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ promo_code: ["Coupon code expired"] });
  });

  it("says 'Promo code already used' for a code whose uses are all taken", async () => {
    await createCode(percent("ONE-USE", { usage_limit: 1 }));
    const first = await newStudent();
    expect(
      (await checkoutCourse(first, "promo-course", { promo_code: "ONE-USE", unit_price_cents: 10000 })).status,
    ).toBe(200);
    const response = await checkCode(await newStudent(), "ONE-USE");
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ promo_code: ["Promo code already used"] });
  });

  it("applies a code limited to one course to that course only", async () => {
    await createCode({ code: "ONLY-PROMO", kind: "fixed", amount: 2000, scope: `course:${courseId}` });
    const good = await checkCode(student, "only-promo");
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ discount_cents: 2000, total_cents: 8000 });
    const wrong = await checkCode(student, "ONLY-PROMO", otherProductId);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ promo_code: ["Invalid coupon code"] });
  });

  it("gives a percentage off every product for a code without a product", async () => {
    const response = await checkCode(student, "spring-25", otherProductId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ promo_code: { code: "Spring-25" }, discount_cents: 2000, total_cents: 6000 });
  });
});

describe("a one-use code redeemed by 10 buyers at once", () => {
  it("is held by exactly one transaction; the others hear 'Promo code already used'", async () => {
    const code = await createCode(percent("RACE-1", { usage_limit: 1, amount: 50 }));
    const buyers: BrowserClient[] = [];
    for (let i = 0; i < 10; i++) buyers.push(await newStudent());
    const answers = await Promise.all(
      buyers.map((buyer) => checkoutCourse(buyer, "promo-course", { promo_code: "RACE-1", unit_price_cents: 10000 })),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    const losers = answers.filter((answer) => answer.status !== 200);
    expect(winners).toHaveLength(1);
    for (const loser of losers) {
      expect(loser.status).toBe(422);
      expect(loser.body.errors.promo_code).toEqual(["Promo code already used"]);
    }
    const holders = await server.handle.db
      .selectFrom("transactions")
      .select(["hash", "discount_cents"])
      .where("promo_code_id", "=", code.id)
      .execute();
    expect(holders).toEqual([{ hash: winners[0]!.body.hash, discount_cents: 5000 }]);
    const row = await server.handle.db
      .selectFrom("promo_codes")
      .select("used_count")
      .where("id", "=", code.id)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
    const list = await admin.json("GET", "/home/promo-codes");
    expect(list.body.promo_codes.find((p: { id: number }) => p.id === code.id).status).toBe("used_up");
  });
});

describe("in a Polish school", () => {
  it("says the field errors in Polish", async () => {
    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN" });
    try {
      // The school is cached for two seconds per process.
      const taken = await waitFor(async () => {
        const response = await admin.post("/home/promo-codes", percent("SPRING-25"));
        return response.body.errors?.code?.[0] === "Kod musi być unikalny" ? response : undefined;
      });
      expect(taken.status).toBe(422);
      const backwards = await admin.post(
        "/home/promo-codes",
        percent("NEW-PL", { starts_at: "2030-05-02", ends_at: "2030-05-01" }),
      );
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors).toEqual({
        ends_at: ["Data zakończenia nie może być wcześniejsza niż data rozpoczęcia."],
      });
      const removed = await admin.json("DELETE", `/home/promo-codes/${(await createCode(percent("PL-DELETE"))).id}`);
      expect(removed.body.message).toBe("Kod rabatowy został usunięty.");
    } finally {
      await changeSettings(
        admin,
        { ...englishSchool, language: "pl", currency: "PLN" },
        { language: "en", currency: "EUR" },
      );
    }
  });
});
