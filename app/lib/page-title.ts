// A page's <title>: "<what the page is> · <school>", in the school's language, so that tabs, bookmarks and
// history say which page of which school they are.
import type { MetaDescriptor } from "react-router";
import type { RootData } from "#app/lib/root-data.ts";
import { translator } from "#platform/i18n/index.ts";

export function pageTitle(root: RootData | undefined, titleKey: string): MetaDescriptor[] {
  const t = translator(root?.lang ?? "en");
  return [{ title: `${t(titleKey)} · ${root?.school?.name ?? "Studium"}` }];
}
