// /community/unsubscribe/{token}: the unsubscribe link of a community topic mail (issue 14, item 7). No login: the
// signed token names the user and the topics. The page lists the topics and a button; the button posts the RFC 8058
// body (List-Unsubscribe=One-Click) to this same address (server/api/community-notifications.ts), which mutes the
// topics and comes back here. A mail client's one-click POST does the same without the page. A bad token: 404.
import { data } from "react-router";
import { BellOff, CheckCircle2 } from "lucide-react";
import { isAppError } from "#core/errors.ts";
import { findUnsubscribe, type UnsubscribeView } from "#core/community/notifications/unsubscribe.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import type { Route } from "./+types/unsubscribe.ts";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [
    { title: `${t("notifications:unsubscribe_title")} · ${root?.school?.name ?? "Studium"}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const token = params.token ?? "";
  try {
    const view: UnsubscribeView = await findUnsubscribe(services.db, services.secret, token);
    return { token, view };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return data({ token, view: null }, { status: 404 });
    throw error;
  }
}

export default function Unsubscribe({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const topics = d.view?.topics ?? [];
  const done = topics.length > 0 && topics.every((topic) => topic.muted);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <div className="flex items-start gap-3">
          <BellOff aria-hidden className="mt-1 size-7 shrink-0 text-brand-600" />
          <h1 className="text-2xl font-bold">{t("notifications:unsubscribe_title")}</h1>
        </div>
        {!d.view && (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900">
            {t("notifications:unsubscribe_invalid")}
          </p>
        )}
        {d.view && topics.length === 0 && <p className="text-muted">{t("notifications:unsubscribe_no_topics")}</p>}
        {topics.length > 0 && (
          <>
            <p>{t("notifications:unsubscribe_intro")}</p>
            <ul className="list-disc pl-6" data-testid="unsubscribe-topics">
              {topics.map((topic) => (
                <li key={topic.id} className="break-words">
                  {topic.title}
                </li>
              ))}
            </ul>
          </>
        )}
        {done && (
          <div
            role="status"
            className="flex items-start gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm text-emerald-900"
          >
            <CheckCircle2 aria-hidden className="size-5 shrink-0" />
            <span>
              {t("notifications:unsubscribe_done")} {t("notifications:unsubscribe_again")}
            </span>
          </div>
        )}
        {topics.length > 0 && !done && (
          // A plain form: it works before (and without) the page's scripts.
          <form method="post" action={`/community/unsubscribe/${encodeURIComponent(d.token)}`}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit">{t("notifications:unsubscribe_button")}</Button>
          </form>
        )}
      </div>
    </div>
  );
}
