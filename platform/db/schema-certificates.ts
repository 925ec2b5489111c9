// Kysely table types of certificates and favourites (migration 0025); the conventions of schema.ts hold here too.
import type { Generated, Selectable } from "kysely";

export type CertificateTemplateTable = {
  course_id: number;
  /** 0/1: certificates are issued for the course only when enabled */
  enabled: Generated<number>;
  /** storage key of an uploaded image (images/...), drawn under the text; null: a plain page */
  background_image: string | null;
  /** JSON: the field positions (core/certificates/schemas.ts, certificateLayoutSchema) */
  layout: Generated<string>;
  /** months a certificate stays valid after its issue; null: no expiry */
  validity_months: number | null;
  updated_at: string;
};

export type CertificateTable = {
  id: Generated<number>;
  /** random, unguessable: the address of the verification page /certificates/{public_id} */
  public_id: string;
  user_id: number;
  course_id: number;
  /** as they were when issued */
  student_name: string;
  course_title: string;
  issued_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  revoke_reason: Generated<string>;
  /** the certificate this one was reissued for */
  replaces_id: number | null;
};

export type Certificate = Selectable<CertificateTable>;

/** A student's favourite course, or lecture (migration 0025; issue 17, item 5). */
export type FavouriteCourseTable = { user_id: number; course_id: number; created_at: string };
export type FavouriteLectureTable = { user_id: number; lecture_id: number; created_at: string };

export type CertificateTables = {
  certificate_templates: CertificateTemplateTable;
  certificates: CertificateTable;
  favourite_courses: FavouriteCourseTable;
  favourite_lectures: FavouriteLectureTable;
};
