// Products (the selling issue, item 1): the admin's product editor and the buyers' file downloads.
// - GET /home/products[?kind&status] (JSON callers; the browser gets the page): every product, course ones too;
// - POST /home/products: a new bundle, consultation, live event or file product;
// - GET /home/products/{id} (JSON callers), PUT /home/products/{id}, DELETE /home/products/{id} (409 when it has
//   transactions: unpublish it instead);
// - POST /home/products/files/create {filename} and /home/products/files/confirm {path}: a file product's private
//   file through the signed upload of core/media;
// - GET /my/products/{slug}/download: the file of a file product, to its buyers only (404 for anyone else, as for
//   a product that does not exist), as an attachment.
// Admin calls answer 401 without a session and 403 for students, whatever the ids.
import type { FastifyInstance } from "fastify";
import { AppError } from "#core/errors.ts";
import { confirmProductFile } from "#core/products/confirm-product-file.ts";
import { createProduct } from "#core/products/create-product.ts";
import { createProductFileUpload } from "#core/products/create-product-file-upload.ts";
import { deleteProduct } from "#core/products/delete-product.ts";
import { findMyProductFile } from "#core/products/list-my-products.ts";
import { listProducts } from "#core/products/list-products.ts";
import { getEditedProduct } from "#core/products/get-edited-product.ts";
import { updateProduct } from "#core/products/update-product.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

/** The file's own name, safe in a header, with the exact name for browsers that read filename*. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Files are data, never documents of this site: no scripts, no framing, in a sandbox. */
const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export async function productRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;
  const deps = { db, storage: services.storage };
  const productId = (params: unknown) => (params as { id?: string }).id;

  app.get("/home/products", jsonCallsOnly(app), async (request) => {
    return { products: await listProducts(db, request.ctx.actor, request.query) };
  });

  app.post("/home/products", staff, async (request) => {
    return { product: await createProduct(db, request.ctx.actor, request.body, request.ctx.school) };
  });

  // Digits only: the editor page's own data request (/home/products/12.data) must fall through to the pages.
  app.get("/home/products/:id(^\\d+$)", jsonCallsOnly(app), async (request) => ({
    product: await getEditedProduct(db, request.ctx.actor, productId(request.params)),
  }));

  app.put("/home/products/:id", staff, async (request) => ({
    product: await updateProduct(deps, request.ctx.actor, productId(request.params), request.body),
  }));

  app.delete("/home/products/:id", staff, async (request) => {
    await deleteProduct(deps, request.ctx.actor, productId(request.params));
    return { ok: true };
  });

  app.post("/home/products/files/create", staff, async (request) => {
    return createProductFileUpload(deps, { actor: request.ctx.actor, input: request.body });
  });

  app.post("/home/products/files/confirm", staff, async (request) => {
    return { file: await confirmProductFile(deps, { actor: request.ctx.actor, input: request.body }) };
  });

  app.get<{ Params: { slug: string } }>("/my/products/:slug/download", async (request, reply) => {
    const file = await findMyProductFile(db, request.ctx.actor, request.params.slug);
    const stored = file ? await services.storage.head(file.key) : null;
    if (!file || !stored) throw new AppError("not_found");
    const body = await services.storage.get(file.key);
    if (!body) throw new AppError("not_found");
    return reply
      .headers({
        "Content-Type": stored.contentType,
        "Content-Length": String(stored.size),
        "Content-Disposition": attachment(file.name),
        "Content-Security-Policy": FILE_POLICY,
        "Cache-Control": "private, no-store",
      })
      .send(body);
  });
}
