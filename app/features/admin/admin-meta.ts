// Page titles of the admin area: "<page> · <school>", in the school's language; admin pages stay out of
// search engines.
import type { RootData } from "#app/lib/root-data.ts";
import { translator } from "#platform/i18n/index.ts";

export function adminMeta(root: RootData | undefined, titleKey: string) {
  const t = translator(root?.lang ?? "en");
  return [{ title: `${t(titleKey)} · ${root?.school?.name ?? "Studium"}` }, { name: "robots", content: "noindex" }];
}
