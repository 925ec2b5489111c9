// /home/caches: the server's in-process caches (platform/cache/cache.ts) as this process holds them: what each
// copies from, how stale it may be when another process wrote (its maximum age), how many entries it holds and
// how often it answered from memory since the process started.
import { listServerCaches } from "#core/admin/list-server-caches.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/caches.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "admin:caches_title");
}

export function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const percent = new Intl.NumberFormat(ctx.lang, { style: "percent", maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(ctx.lang);
  const seconds = new Intl.NumberFormat(ctx.lang, { style: "unit", unit: "second", maximumFractionDigits: 1 });
  return {
    caches: listServerCaches(services.db, ctx.actor).map((cache) => {
      const asked = cache.hits + cache.misses;
      return {
        name: cache.name,
        tables: cache.tables.join(", "),
        maxAge: seconds.format(cache.maxAgeMs / 1000),
        entries: count.format(cache.entries),
        maxEntries: count.format(cache.maxEntries),
        asked,
        askedText: count.format(asked),
        hitRate: asked === 0 ? null : percent.format(cache.hits / asked),
      };
    }),
  };
}

export default function CachesPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("admin:caches_title")}</h1>
        <p className="mt-1 text-muted">{t("admin:caches_intro")}</p>
      </div>
      <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-gray-200 text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("admin:caches_col_name")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("admin:caches_col_tables")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("admin:caches_col_max_age")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("admin:caches_col_entries")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("admin:caches_col_hit_rate")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {d.caches.map((cache) => (
              <tr key={cache.name} data-cache={cache.name}>
                <th scope="row" className="px-4 py-3 font-mono font-medium whitespace-nowrap">
                  {cache.name}
                </th>
                <td className="px-4 py-3 font-mono text-xs">{cache.tables}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">{cache.maxAge}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {t("admin:caches_entries_of", { entries: cache.entries, max: cache.maxEntries })}
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {cache.hitRate === null
                    ? t("admin:caches_not_used")
                    : t("admin:caches_hit_rate", { rate: cache.hitRate, count: cache.asked, asked: cache.askedText })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
