// The public layout: school name, and either log in / register or the avatar menu (app/features/layout).
// An error in a public page (a 404 of an unknown address, an AppError or a failure of a loader) keeps that look.
import { Outlet } from "react-router";
import { PublicShell } from "#app/features/layout/public-shell.tsx";
import { ErrorPage } from "#app/features/errors/error-page.tsx";
import type { Route } from "./+types/public-layout.ts";

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell>
      <ErrorPage error={error} />
    </PublicShell>
  );
}
