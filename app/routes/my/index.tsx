// The student's products. There is no product or access table yet, so this is the honest empty state.
import { Link } from "react-router";
import { BookOpen } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/index.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${matches[0]?.loaderData?.school?.name ?? "Studium"}` }];
}

export default function MyProducts() {
  const t = useT();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("accounts:my_title")}</h1>
      <div className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
        <BookOpen aria-hidden className="size-10 text-gray-400" />
        <p className="text-muted">{t("accounts:my_empty")}</p>
        <Link to="/" className={buttonClass("primary")}>
          {t("accounts:browse_courses")}
        </Link>
      </div>
    </section>
  );
}
