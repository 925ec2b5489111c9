// An editor form's check before sending: amounts that are not amounts, then the shared Zod schema (the server checks
// the same and answers a 422 with the same keys), as messages in the page's language per field.
import type { z } from "zod";
import { fieldErrorsOf } from "#core/validation.ts";
import type { FieldMessages } from "./api.ts";
import type { useT } from "./i18n.tsx";

type TFunction = ReturnType<typeof useT>;

export function formErrors(
  t: TFunction,
  schema: z.ZodType,
  body: Record<string, unknown>,
  moneyErrors: Record<string, string>,
): FieldMessages {
  const found: FieldMessages = Object.fromEntries(Object.entries(moneyErrors).map(([field, key]) => [field, [t(key)]]));
  const checked = schema.safeParse(body);
  if (!checked.success) {
    for (const [field, list] of Object.entries(fieldErrorsOf(checked.error, body))) {
      found[field] ??= list.map((m) => t(m.key, m.values ?? {}));
    }
  }
  return found;
}
