import { useRootData } from "#app/lib/root-data.ts";
import { useT } from "#app/lib/i18n.tsx";

export default function Home() {
  const t = useT();
  const data = useRootData();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{data?.school?.name}</h1>
      <p className="mt-3 text-lg text-muted">{t("home_intro")}</p>
    </section>
  );
}
