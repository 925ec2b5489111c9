import { useEffect } from "react";
import { Links, Meta, Outlet, redirect, Scripts, ScrollRestoration } from "react-router";
import { publicUser } from "#core/accounts/public-user.ts";
import { hasPublishedProducts } from "#core/products/has-published-products.ts";
import { hasPublishedArticles } from "#core/articles/has-published-articles.ts";
import { mayReadSomeTopic } from "#core/community/topics.ts";
import { siteBrand } from "#core/school/site-brand.ts";
import { type Lang, translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/root.ts";
import "./app.css";
import { setApiTexts } from "./lib/api.ts";
import { I18nProvider, useT } from "./lib/i18n.tsx";
import { useNonce } from "./lib/nonce.tsx";
import { useRootData } from "./lib/root-data.ts";
import { ErrorPage } from "./features/errors/error-page.tsx";
import { brandStyle } from "./features/layout/brand-style.ts";
import { errorTexts, pageError } from "./features/errors/error-texts.ts";
import { Toaster } from "./ui/toast.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const { pathname } = new URL(request.url);
  // An empty install sends every page to /setup; setup happens once.
  if (!ctx.school && pathname !== "/setup") throw redirect("/setup");
  if (ctx.school && pathname === "/setup") throw redirect("/");
  return {
    lang: ctx.lang,
    csrfToken: ctx.csrfToken,
    // the school's public address: canonical and Open Graph addresses start with it, never with the Host header
    siteUrl: ctx.baseUrl,
    school: ctx.school
      ? {
          name: ctx.school.name,
          language: ctx.school.language,
          currency: ctx.school.currency,
          time_zone: ctx.school.time_zone,
          tagline: ctx.school.tagline,
          brand: siteBrand(ctx.school),
        }
      : null,
    user: ctx.user ? publicUser(ctx.user) : null,
    hasProducts: ctx.school ? await hasPublishedProducts(services.db) : false,
    hasArticles: ctx.school ? await hasPublishedArticles(services.db) : false,
    // The header's community link: for those who may read at least one topic.
    hasCommunity: ctx.school ? await mayReadSomeTopic(services.db, ctx.actor) : false,
    // Browser error reporting: the DSN is handed to the page only when SENTRY_DSN is set.
    errorReporting: services.config.SENTRY_DSN
      ? {
          dsn: services.config.SENTRY_DSN,
          sampleRate: services.config.SENTRY_SAMPLE_RATE,
          environment: services.config.NODE_ENV,
        }
      : null,
  };
}

/** The default title (the school's name); pages set their own, error pages say what went wrong. */
export function meta({ loaderData, error }: Route.MetaArgs) {
  const school = loaderData?.school?.name ?? "Studium";
  if (!error) return [{ title: school }];
  const t = translator(loaderData?.lang ?? "en");
  return [{ title: `${t(errorTexts(pageError(error).status).title)} · ${school}` }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const lang: Lang = data?.lang ?? "en";
  const brand = data?.school?.brand;
  // The school's favicon (a stored image) or the default one; the brand colours as the stylesheet's custom
  // properties on <html> (a style attribute: the CSP allows inline styles, decision 0006 covers scripts only).
  return (
    <html lang={lang} style={brandStyle(brand?.colors ?? null)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="csrf-token" content={data?.csrfToken ?? ""} />
        <Meta />
        {brand?.faviconUrl ? (
          <link rel="icon" href={brand.faviconUrl} />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        {brand?.colors && <meta name="theme-color" content={brand.colors.brand} />}
        <Links />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <I18nProvider lang={lang}>
          {children}
          <ToasterInLanguage />
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function ToasterInLanguage() {
  const t = useT();
  useEffect(() => setApiTexts({ generic: t("errors:internal"), network: t("errors:network") }), [t]);
  return <Toaster closeLabel={t("close")} />;
}

export default function App() {
  // End-to-end tests wait for this marker: clicks before hydration would be lost.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Sentry's browser SDK is its own chunk, fetched only when the school reports errors.
  const errorReporting = useRootData()?.errorReporting;
  useEffect(() => {
    if (errorReporting)
      void import("./lib/browser-error-reporting.ts").then((m) => m.startErrorReporting(errorReporting));
  }, [errorReporting]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main">
      <ErrorPage error={error} />
    </main>
  );
}
