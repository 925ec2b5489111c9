// Leads (migration 0032): lead forms, their consent texts' versions, the leads and their tags.
import type { Generated } from "kysely";

export type LeadStatus = "confirmed" | "unconfirmed";

/** A lead form built by the admin; fields, hidden fields and options: core/leads/schemas.ts's JSON. */
export type LeadFormTable = {
  id: Generated<number>;
  name: string;
  /** JSON: LeadField[] */
  fields: Generated<string>;
  /** JSON: {name, value}[] sent with every lead of the form */
  hidden_fields: Generated<string>;
  /** JSON: LeadFormOptions (labels, success_header, success_text, button_text, button_class, redirect_to) */
  options: Generated<string>;
  /** JSON: string[] given to each lead of the form */
  tags: Generated<string>;
  /** 1: a lead is unconfirmed until its e-mail's link is followed */
  double_opt_in: Generated<number>;
  created_at: string;
  updated_at: string;
};

/** One version of a form's consent text; a new text is a new version, the old ones stay for the leads that saw them. */
export type LeadConsentTable = {
  id: Generated<number>;
  form_id: number;
  version: number;
  text: string;
  created_at: string;
};

export type LeadTable = {
  id: Generated<number>;
  form_id: number;
  /** the value of the form's first e-mail field (the double opt-in's address), if any */
  email: string | null;
  /** JSON: field name -> value */
  fields: string;
  /** JSON: hidden field name -> value */
  hidden_fields: Generated<string>;
  /** the path of the page the form was sent from */
  page: Generated<string>;
  /** the consent text's version shown with the form (null: the form had none) */
  consent_id: number | null;
  /** JSON: string[] (the form's tags when the lead came) */
  tags: Generated<string>;
  status: Generated<LeadStatus>;
  confirm_token_hash: string | null;
  confirmed_at: string | null;
  ip: Generated<string>;
  created_at: string;
};

export type LeadTagTable = { lead_id: number; tag: string };

export type LeadTables = {
  lead_forms: LeadFormTable;
  lead_consents: LeadConsentTable;
  leads: LeadTable;
  lead_tags: LeadTagTable;
};
