// Inputs of the course access manager (spec §7: POST /home/access-manager/{courseId} {course_id,
// parent_transaction_id, name, email}). Pure: shared by the invite form and the server.
import { z } from "zod";
import { emailField, nameField } from "#core/accounts/schemas.ts";
import { formIdSchema } from "#core/shared/ids.ts";

const id = formIdSchema;

export const inviteSchema = z.object({
  course_id: id,
  parent_transaction_id: id,
  name: nameField,
  email: emailField,
});

export type InviteInput = z.input<typeof inviteSchema>;
