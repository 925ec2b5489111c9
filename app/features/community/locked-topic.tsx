// The 403 page of a restricted topic for a signed-in student without its key: which products open it, each linking
// to where it is sold.
import { Link } from "react-router";
import { Lock } from "lucide-react";
import type { TopicKeyProduct, TopicView } from "#core/community/topics.ts";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";

export function LockedTopic({ topic, products }: { topic: TopicView; products: TopicKeyProduct[] }) {
  const t = useT();
  return (
    <div
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-8 text-center"
      data-testid="locked-topic"
    >
      <Lock aria-hidden className="size-10 text-gray-400" />
      <p className="text-sm font-semibold tracking-wide text-brand-700">403</p>
      <h1 className="text-3xl font-bold break-words">{t("community:locked_title")}</h1>
      <p className="text-lg font-semibold break-words text-ink">{topic.title}</p>
      {products.length ? (
        <>
          <p className="text-muted">{t("community:locked_text")}</p>
          <ul className="flex flex-col items-center gap-2">
            {products.map((product) => (
              <li key={product.id}>
                <Link to={product.path} className={buttonClass("primary")}>
                  {product.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted">{t("community:locked_none")}</p>
      )}
      <Link to="/community" className="font-semibold text-brand-700 underline underline-offset-4">
        {t("community:back_to_community")}
      </Link>
    </div>
  );
}
