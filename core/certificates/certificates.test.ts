// The certificates' pure rules: a certificate's status at a moment (a moved clock), its expiry in calendar months,
// the completion rule with the exam seam, the template's schema, the public id's shape.
import { describe, expect, it } from "vitest";
import { certificateStatus, expiryOf } from "./certificate-status.ts";
import { isCourseComplete } from "./course-completion.ts";
import { isCertificatePublicId, newCertificatePublicId } from "./public-id.ts";
import { canManageCertificates, canSeeOwnCertificates } from "./policies.ts";
import { certificateTemplateSchema, defaultLayout, readLayout } from "./schemas.ts";

describe("certificateStatus", () => {
  const issued = { revoked_at: null, expires_at: "2027-11-27T12:00:00.000Z" };
  it("is valid until the expiry, expired from it on", () => {
    expect(certificateStatus(issued, "2027-11-27T11:59:59.999Z")).toBe("valid");
    expect(certificateStatus(issued, "2027-11-27T12:00:00.000Z")).toBe("expired");
    expect(certificateStatus({ ...issued, expires_at: null }, "2099-01-01T00:00:00.000Z")).toBe("valid");
  });
  it("says revoked whatever the expiry", () => {
    expect(certificateStatus({ ...issued, revoked_at: "2026-12-01T00:00:00.000Z" }, "2026-12-02T00:00:00.000Z")).toBe(
      "revoked",
    );
    expect(certificateStatus({ ...issued, revoked_at: "2026-12-01T00:00:00.000Z" }, "2030-01-01T00:00:00.000Z")).toBe(
      "revoked",
    );
  });
});

describe("expiryOf", () => {
  it("adds calendar months, clamped to the month's last day", () => {
    expect(expiryOf("2026-11-27T12:00:00.000Z", 12)).toBe("2027-11-27T12:00:00.000Z");
    expect(expiryOf("2026-01-31T08:00:00.000Z", 1)).toBe("2026-02-28T08:00:00.000Z");
    expect(expiryOf("2027-12-31T08:00:00.000Z", 2)).toBe("2028-02-29T08:00:00.000Z");
    expect(expiryOf("2026-11-27T12:00:00.000Z", null)).toBeNull();
  });
});

describe("isCourseComplete", () => {
  const noExam = { required: false, passed: false };
  it("needs every published lecture, and at least one", () => {
    expect(isCourseComplete({ completed: 3, total: 3 }, noExam)).toBe(true);
    expect(isCourseComplete({ completed: 2, total: 3 }, noExam)).toBe(false);
    expect(isCourseComplete({ completed: 0, total: 0 }, noExam)).toBe(false);
  });
  it("needs the exam passed where there is one", () => {
    expect(isCourseComplete({ completed: 3, total: 3 }, { required: true, passed: false })).toBe(false);
    expect(isCourseComplete({ completed: 3, total: 3 }, { required: true, passed: true })).toBe(true);
  });
});

describe("the template's schema", () => {
  it("fills the defaults and refuses overlapping positions and foreign images", () => {
    const parsed = certificateTemplateSchema.parse({ enabled: "on", validity_months: "", background_image: "" });
    expect(parsed).toMatchObject({ ...defaultLayout, enabled: true, validity_months: null, background_image: null });
    expect(certificateTemplateSchema.safeParse({ name_top: 40, course_top: 44 }).success).toBe(false);
    expect(certificateTemplateSchema.safeParse({ background_image: "lectures/1/secret.pdf" }).success).toBe(false);
    expect(certificateTemplateSchema.safeParse({ background_image: "images/ab/cd.png" }).success).toBe(true);
  });
  it("reads a broken or partial stored layout as the defaults", () => {
    expect(readLayout("not json")).toEqual(defaultLayout);
    expect(readLayout('{"name_top": 500, "qr_corner": "top-left"}')).toEqual({
      ...defaultLayout,
      qr_corner: "top-left",
    });
  });
});

describe("ids and policies", () => {
  it("makes 22-character random public ids and refuses anything else", () => {
    const a = newCertificatePublicId();
    expect(isCertificatePublicId(a)).toBe(true);
    expect(a).not.toBe(newCertificatePublicId());
    expect(isCertificatePublicId("short")).toBe(false);
    expect(isCertificatePublicId(`${a.slice(0, 21)}/`)).toBe(false);
  });
  it("lets admins manage and anyone signed in see their own", () => {
    expect(canManageCertificates({ kind: "admin", userId: 1 })).toBe(true);
    expect(canManageCertificates({ kind: "student", userId: 2 })).toBe(false);
    expect(canSeeOwnCertificates({ kind: "student", userId: 2 })).toBe(true);
    expect(canSeeOwnCertificates({ kind: "visitor" })).toBe(false);
  });
});
