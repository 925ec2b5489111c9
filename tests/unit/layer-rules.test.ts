// The layer and domain rules of eslint.layers.js, run through ESLint itself on made-up files: a forbidden import
// fails `npm run lint`, an allowed one does not.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from "${specifier}";\nexport const y = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layers", () => {
  // ESLint reads its configuration and plugins at the first file: seconds on a busy machine, once for all.
  beforeAll(() => eslint.lintText("", { filePath: "core/catalog/a.ts" }), 60_000);

  it.each([
    ["core/catalog/a.ts", "#server/services.ts"],
    ["core/catalog/a.ts", "#app/lib/api.ts"],
    ["core/catalog/a.ts", "../../server/services.ts"],
    ["core/invoices/a.ts", "#integrations/invoicing/registry.ts"],
    ["core/catalog/a.ts", "react"],
    ["core/catalog/a.ts", "fastify"],
    ["core/errors-extra.ts", "#server/app.ts"],
    ["platform/db/a.ts", "#core/errors.ts"],
    ["platform/db/a.ts", "#server/app.ts"],
    ["integrations/payments/a.ts", "#core/selling/start-checkout.ts"],
    ["integrations/payments/a.ts", "#server/payments.ts"],
    ["app/routes/a.tsx", "#server/services.ts"],
    ["app/routes/a.tsx", "#integrations/payments/registry.ts"],
  ])("%s may not import %s", async (file, specifier) => {
    expect(await refusals(file, specifier)).toHaveLength(1);
  });

  it.each([
    ["core/catalog/a.ts", "#platform/db/connection.ts"],
    ["core/invoices/a.ts", "#core/ports/invoicing.ts"],
    ["core/products/a.ts", "#core/catalog/course-slug.ts"],
    ["integrations/payments/a.ts", "#core/ports/payments.ts"],
    ["integrations/payments/a.ts", "#core/shared/money.ts"],
    ["app/routes/a.tsx", "#server/page-context.ts"],
    ["app/routes/a.tsx", "#core/catalog/create-course.ts"],
    ["server/api/a.ts", "#integrations/payments/registry.ts"],
  ])("%s may import %s", async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });
});

describe("domains", () => {
  it("keeps a domain's internal/ files to that domain", async () => {
    expect(await refusals("core/catalog/a.ts", "#core/catalog/internal/records.ts")).toEqual([]);
    expect(await refusals("core/catalog/a.ts", "./internal/records.ts")).toEqual([]);
    expect(await refusals("core/products/a.ts", "#core/catalog/internal/records.ts")).toHaveLength(1);
    expect(await refusals("core/products/a.ts", "../catalog/internal/records.ts")).toHaveLength(1);
    expect(await refusals("server/api/a.ts", "#core/catalog/internal/records.ts")).toHaveLength(1);
    expect(await refusals("app/routes/a.tsx", "#core/catalog/internal/records.ts")).toHaveLength(1);
  });
});
