// The erasure's confirmations (spec §5: typing DELETE confirms deletion), shared by the forms and the server.
import { z } from "zod";

/** A refinement rather than z.literal, so that the message is the form's own ('Type DELETE to confirm.'). */
const typedDelete = z
  .string()
  .default("")
  .refine((value) => value === "DELETE", "students:erase_type_delete");

/** The admin erasing a student from the student's page. */
export const eraseStudentSchema = z.object({ confirm: typedDelete });

/** A student erasing their own account: DELETE typed and the current password, as for any account change. */
export const eraseOwnAccountSchema = z.object({
  confirm: typedDelete,
  current_password: z.string().min(1).max(200),
});
