// Certificates (issue 17, item 3). Thin: call one use-case from core/certificates/, shape.
// - GET /my/certificates/{publicId}/pdf: the certificate as a PDF attachment, to its student (and admins); 404 for
//   anyone else, as for an id that does not exist;
// - POST /home/courses/{id}/certificate-template: the admin saves the course's template;
// - POST /home/certificates/{id}/revoke {reason} and /reissue {reason}: the admin revokes, or revokes and issues a
//   new one (new public id), the student being e-mailed.
// The verification page /certificates/{publicId} and the lists are pages (app/routes/certificates/, my/).
import type { FastifyInstance } from "fastify";
import { getCertificateDocument } from "#core/certificates/certificate-document.ts";
import { reissueCertificate } from "#core/certificates/reissue-certificate.ts";
import { revokeCertificate } from "#core/certificates/revoke-certificate.ts";
import { saveCertificateTemplate } from "#core/certificates/save-certificate-template.ts";
import type { Services } from "../services.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import { publicAddressFor } from "../plugins/request-context.ts";

type Params = { id: string };

/** A PDF is data, never a document of this site: no scripts, no framing. */
const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export async function certificateRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.get<{ Params: Params }>("/my/certificates/:id/pdf", async (request, reply) => {
    const document = await getCertificateDocument(db, services.storage, request.ctx.actor, {
      publicId: request.params.id,
      baseUrl: publicAddressFor(request, services),
    });
    const pdf = await services.certificatePdf(document);
    return reply
      .headers({
        "Content-Type": "application/pdf",
        "Content-Length": String(pdf.length),
        "Content-Disposition": `attachment; filename="${document.fileName}"`,
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": FILE_POLICY,
        "X-Content-Type-Options": "nosniff",
      })
      .send(pdf);
  });

  app.post<{ Params: { courseId: string } }>("/home/courses/:courseId/certificate-template", staff, async (request) =>
    saveCertificateTemplate(db, request.ctx.actor, request.params.courseId, request.body),
  );
  app.post<{ Params: Params }>("/home/certificates/:id/revoke", staff, async (request) =>
    revokeCertificate(db, request.ctx.actor, request.params.id, request.body),
  );
  app.post<{ Params: Params }>("/home/certificates/:id/reissue", staff, async (request) =>
    reissueCertificate(db, request.ctx.actor, request.params.id, request.body, { appUrl: services.config.APP_URL }),
  );
}
