// The student area's gate (/my/*), run by the area layout's loader (and the old /my/products address): core's
// policy decides who enters (core/accounts/policies.ts); a refusal is an AppError that server/http/page-errors.ts
// maps like any other (a visitor to /login and back with ?next=). Each page's use-case asks its own policy too.
import type { RouterContextProvider } from "react-router";
import { canEnterStudentArea } from "#core/accounts/policies.ts";
import { authorize } from "#core/shared/actor.ts";
import { pageContext } from "#server/page-context.ts";

export function guardStudentArea(context: Readonly<RouterContextProvider>): void {
  const { actor } = context.get(pageContext).request;
  authorize(actor, canEnterStudentArea(actor));
}
