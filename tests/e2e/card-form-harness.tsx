// A page that hosts only the card form, for tests/e2e/specs/card-form.spec.ts while no route of the app shows it
// (the memberships pages come with the core branch). Bundled by that spec with Vite; reads its language and the
// public key from the page, and records every change the form reports.
import { createRoot } from "react-dom/client";
import { I18nProvider } from "#app/lib/i18n.tsx";
import { CardForm, type CardFormChange } from "#app/features/memberships/card-form.tsx";

declare global {
  interface Window {
    cardHarness: { lang: "en" | "pl"; publicKeyBase64: string; changes: CardFormChange[] };
  }
}

const { lang, publicKeyBase64 } = window.cardHarness;
document.documentElement.lang = lang;

function Page() {
  return (
    <main className="mx-auto max-w-md p-6">
      <h1 className="mb-4 text-xl font-semibold">Studium</h1>
      <form method="post" action="/my/membership/card">
        <CardForm publicKeyBase64={publicKeyBase64} onChange={(change) => window.cardHarness.changes.push(change)} />
      </form>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <I18nProvider lang={lang}>
    <Page />
  </I18nProvider>,
);
