// /home/mail: the school's e-mail, newest first, 50 to a page. Without SMTP this is the outbox: mail is kept
// here instead of being sent, and the owner reads it (and follows its links) here. ?id= opens one message.
import { Link } from "react-router";
import { clsx } from "clsx";
import { readSchoolMail } from "#core/admin/read-school-mail.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { LinkifiedText } from "#app/features/mail/linkified-text.tsx";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/mail.ts";
import { Badge } from "#app/ui/badge.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Pager } from "#app/ui/pager.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "jobs:mail_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const url = new URL(request.url);
  const { list, selected } = await readSchoolMail(services.db, ctx.actor, {
    page: Number(url.searchParams.get("page") ?? "1"),
    id: url.searchParams.get("id"),
  });
  const date = (value: string) => formatDateTime(value, ctx.lang, ctx.school?.time_zone);
  return {
    transport: services.mailer.transport,
    page: list.page,
    pages: list.pages,
    mails: list.mails.map((m) => ({
      id: m.id,
      to: m.to_address,
      subject: m.subject,
      transport: m.transport,
      date: date(m.sent_at ?? m.created_at),
    })),
    // undefined: nothing asked for; null: asked for one that is not there.
    selected: selected
      ? {
          id: selected.id,
          to: selected.to_address,
          subject: selected.subject,
          transport: selected.transport,
          date: date(selected.sent_at ?? selected.created_at),
          text: selected.text_body,
        }
      : selected,
  };
}

function pageHref(page: number, id?: number) {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  if (id) query.set("id", String(id));
  const search = query.toString();
  return search ? `/home/mail?${search}` : "/home/mail";
}

function TransportBadge({ transport }: { transport: "outbox" | "smtp" }) {
  const t = useT();
  return (
    <Badge tone={transport === "smtp" ? "success" : "warning"}>
      {t(transport === "smtp" ? "jobs:transport_smtp" : "jobs:transport_outbox")}
    </Badge>
  );
}

export default function MailPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const back = pageHref(d.page);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("jobs:mail_title")}</h1>
        <p className="mt-1 text-muted">
          {t(d.transport === "smtp" ? "jobs:mail_intro_smtp" : "jobs:mail_intro_outbox")}
        </p>
      </div>

      {d.selected === null && (
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("jobs:mail_not_found")}
        </div>
      )}

      {d.selected && (
        <article aria-labelledby="mail-subject" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <Link to={back} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
            {t("jobs:mail_back")}
          </Link>
          <h2 id="mail-subject" className="mt-3 text-xl font-bold break-words">
            {d.selected.subject}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="break-all">{t("jobs:mail_from_to", { to: d.selected.to })}</span>
            <span>{d.selected.date}</span>
            <TransportBadge transport={d.selected.transport} />
          </p>
          <LinkifiedText
            text={d.selected.text}
            className="mt-4 border-t border-gray-200 pt-4 font-mono text-sm whitespace-pre-wrap break-words"
          />
        </article>
      )}

      <section
        aria-labelledby="mail-list"
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      >
        <h2 id="mail-list" className="sr-only">
          {t("jobs:mail_list")}
        </h2>
        {d.mails.length === 0 ? (
          <EmptyState plain text={t("jobs:mail_empty")} className="p-5" />
        ) : (
          <DataTable
            caption={t("jobs:mail_list")}
            rows={d.mails}
            rowKey={(mail) => mail.id}
            rowProps={(mail) => ({
              "data-mail-id": mail.id,
              className: clsx(d.selected?.id === mail.id && "bg-brand-50"),
            })}
            columns={[
              {
                key: "to",
                header: t("jobs:col_to"),
                className: "hidden max-w-56 truncate md:table-cell",
                cell: (mail) => mail.to,
              },
              {
                key: "subject",
                header: t("jobs:col_subject"),
                cell: (mail) => (
                  <>
                    <Link
                      to={pageHref(d.page, mail.id)}
                      aria-current={d.selected?.id === mail.id ? "true" : undefined}
                      className="font-medium text-brand-700 underline underline-offset-4"
                    >
                      {mail.subject}
                    </Link>
                    {/* On a narrow screen the other columns fold in under the subject. */}
                    <p className="text-xs break-all text-muted md:hidden">{mail.to}</p>
                    <p className="text-xs text-muted sm:hidden">{mail.date}</p>
                    <p className="mt-1 sm:hidden">
                      <TransportBadge transport={mail.transport} />
                    </p>
                  </>
                ),
              },
              {
                key: "date",
                header: t("jobs:col_date"),
                className: "hidden whitespace-nowrap text-muted sm:table-cell",
                cell: (mail) => mail.date,
              },
              {
                key: "transport",
                header: t("jobs:col_transport"),
                className: "hidden sm:table-cell",
                cell: (mail) => <TransportBadge transport={mail.transport} />,
              },
            ]}
          />
        )}
      </section>

      <Pager
        page={d.page}
        pages={d.pages}
        hrefFor={(page) => pageHref(page)}
        label={t("jobs:pagination")}
        previousLabel={t("jobs:newer")}
        nextLabel={t("jobs:older")}
      />
    </div>
  );
}
