// Any address no other route claims: HTTP 404 with the localized page, in the public look.
import { data } from "react-router";
import { PublicShell } from "#app/features/layout/public-shell.tsx";
import type { Route } from "./+types/not-found.ts";
import { ErrorPage } from "#app/features/errors/error-page.tsx";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell>
      <ErrorPage error={error} />
    </PublicShell>
  );
}
