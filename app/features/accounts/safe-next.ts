// The page-side twin of the server's safeNext (server/http/respond.ts): only same-site paths, so that
// ?next= cannot send a visitor to another site.
export function safeNextPath(value: string | null | undefined): string | undefined {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : undefined;
}
