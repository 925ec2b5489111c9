// Kysely table types of selling (migration 0006); the conventions of schema.ts hold here too.
import type { Generated, Selectable } from "kysely";

export type ProductKind = "course" | "bundle" | "consultation" | "live_event" | "file";
export type ProductStatus = "draft" | "published" | "unpublished";

export type ProductTable = {
  id: Generated<number>;
  kind: ProductKind;
  /** the course a 'course' product sells (its own page is the course's /{slug}) */
  course_id: number | null;
  /** null for course products; others live at /products/{slug} */
  slug: string | null;
  title: string;
  description: Generated<string>;
  cover_image: string | null;
  status: Generated<ProductStatus>;
  currency: string;
  /** percent, e.g. 23; prices are gross (VAT included) */
  vat_rate: Generated<number>;
  /** promotional packages limit: units that may sell at the promo price; -1 unlimited */
  promo_limit: Generated<number>;
  promo_sold: Generated<number>;
  access_days: number | null;
  access_ends_at: string | null;
  event_starts_at: string | null;
  event_link: Generated<string>;
  file_key: string | null;
  file_name: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
};

export type ProductVariantTable = {
  id: Generated<number>;
  product_id: number;
  /** 1..3 */
  position: number;
  name: Generated<string>;
  price_cents: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
  created_at: string;
  updated_at: string;
};

export type VariantPriceChangeTable = {
  id: Generated<number>;
  variant_id: number;
  price_cents: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
  changed_at: string;
};

export type BundleCourseTable = { product_id: number; course_id: number; position: Generated<number> };

export type PromoCodeKind = "percent" | "fixed";

export type PromoCodeTable = {
  id: Generated<number>;
  code: string;
  /** upper-case code, unique */
  code_key: string;
  kind: PromoCodeKind;
  /** percent (1..100) or cents */
  amount: number;
  starts_at: string | null;
  ends_at: string | null;
  /** -1 unlimited */
  usage_limit: Generated<number>;
  used_count: Generated<number>;
  /** null: every product */
  product_id: number | null;
  created_at: string;
  updated_at: string;
};

export type AffiliateCodeTable = {
  id: Generated<number>;
  code: string;
  code_key: string;
  name: string;
  email: Generated<string>;
  commission_percent: number;
  cookie_days: Generated<number>;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
};

/**
 * The spec's transaction statuses (§4): PERFORMED, CLEARED, ACCESS_GRANTED are success; FAILURE, ERROR,
 * CANCELED failure; NEW and PENDING are waiting. REFUNDED follows a success when the admin records a refund.
 */
export type TransactionStatus =
  "NEW" | "PENDING" | "PERFORMED" | "CLEARED" | "ACCESS_GRANTED" | "FAILURE" | "ERROR" | "CANCELED" | "REFUNDED";

export type PaymentProviderName = "free" | "test" | "stripe" | "tpay" | "przelewy24" | "payu";

export type TransactionTable = {
  id: Generated<number>;
  /** random, unguessable: the transaction's public id (/transaction/{hash}) and our order id at the provider */
  hash: string;
  user_id: number;
  product_id: number;
  variant_id: number | null;
  quantity: Generated<number>;
  unit_price_cents: number;
  discount_cents: Generated<number>;
  total_cents: number;
  vat_rate: number;
  currency: string;
  status: TransactionStatus;
  provider: PaymentProviderName;
  provider_ref: string | null;
  /** 1 when a promotional package was reserved (released again on failure) */
  promo_package: Generated<number>;
  promo_code_id: number | null;
  affiliate_code_id: number | null;
  buyer_name: string;
  buyer_email: string;
  /** JSON InvoiceDetails or null */
  invoice: string | null;
  /** JSON {terms: true, ...} */
  consents: Generated<string>;
  failure_reason: Generated<string>;
  /** the admin's reason for a manual grant or denial */
  access_note: Generated<string>;
  paid_at: string | null;
  access_granted_at: string | null;
  last_checked_at: string | null;
  refunded_at: string | null;
  refund_cents: number | null;
  refund_reason: Generated<string>;
  created_at: string;
  updated_at: string;
};

export type PaymentEventTable = {
  id: Generated<number>;
  provider: string;
  event_key: string;
  transaction_id: number | null;
  /** 'applied' | 'ignored' | 'rejected' */
  outcome: string;
  detail: Generated<string>;
  received_at: string;
};

export type AffiliateCommissionTable = {
  id: Generated<number>;
  affiliate_code_id: number;
  transaction_id: number;
  amount_cents: number;
  currency: string;
  created_at: string;
};

export type ProductAccessTable = {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  transaction_id: number | null;
  starts_at: string;
  ends_at: string | null;
  revoked_at: string | null;
  created_at: string;
};

export type InvitationStatus = "sent" | "accepted";

export type InvitationTable = {
  id: Generated<number>;
  parent_transaction_id: number;
  course_id: number;
  name: string;
  email: string;
  status: Generated<InvitationStatus>;
  /** sha256 of the token in the invitation link */
  token_hash: string;
  user_id: number | null;
  created_at: string;
  accepted_at: string | null;
};

/**
 * scheduled: waiting for the invoice.issue job (also between its retries); issuing: a job is talking to the service
 * now (a lease: taken over after 5 minutes); issued: number and PDF stored; failed: the job gave up.
 */
export type InvoiceStatus = "scheduled" | "issuing" | "issued" | "failed";

export type InvoiceTable = {
  id: Generated<number>;
  transaction_id: number;
  provider: string;
  status: Generated<InvoiceStatus>;
  number: string | null;
  external_id: string | null;
  pdf_url: string | null;
  attempts: Generated<number>;
  last_error: Generated<string>;
  created_at: string;
  updated_at: string;
};

export type IntegrationKind = "payment" | "invoicing";

export type IntegrationTable = {
  id: Generated<number>;
  kind: IntegrationKind;
  provider: string;
  enabled: Generated<number>;
  /** encrypted JSON (platform/security/encryption.ts) */
  settings: string;
  created_at: string;
  updated_at: string;
};

export type SellingTables = {
  products: ProductTable;
  product_variants: ProductVariantTable;
  variant_price_changes: VariantPriceChangeTable;
  bundle_courses: BundleCourseTable;
  promo_codes: PromoCodeTable;
  affiliate_codes: AffiliateCodeTable;
  transactions: TransactionTable;
  payment_events: PaymentEventTable;
  affiliate_commissions: AffiliateCommissionTable;
  product_access: ProductAccessTable;
  invitations: InvitationTable;
  invoices: InvoiceTable;
  integrations: IntegrationTable;
};

export type Product = Selectable<ProductTable>;
export type ProductVariant = Selectable<ProductVariantTable>;
export type Transaction = Selectable<TransactionTable>;
export type PromoCode = Selectable<PromoCodeTable>;
export type AffiliateCode = Selectable<AffiliateCodeTable>;
export type Invitation = Selectable<InvitationTable>;
export type Invoice = Selectable<InvoiceTable>;
