// The heart toggle of a course or a lecture (POST /favourites): a toggle button whose pressed state is what the
// server answered; it sends the state wanted, so a quick second click cannot undo itself on the server.
import { useState } from "react";
import { clsx } from "clsx";
import { Heart } from "lucide-react";
import type { FavouriteKind } from "#core/favourites/schemas.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";

export function FavouriteToggle({ kind, id, initial }: { kind: FavouriteKind; id: number; initial: boolean }) {
  const t = useT();
  const [favourite, setFavourite] = useState(initial);
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    try {
      const result = await api<{ favourite: boolean }>("POST", "/favourites", { kind, id, favourite: !favourite });
      setFavourite(result.favourite);
    } catch {
      // the api wrapper has shown the message
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      aria-pressed={favourite}
      disabled={pending}
      onClick={toggle}
      data-favourite={kind}
      className={clsx(
        "inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold ring-1 transition-colors disabled:cursor-wait",
        favourite
          ? "bg-rose-50 text-rose-800 ring-rose-300 hover:bg-rose-100"
          : "bg-white text-ink ring-gray-300 hover:bg-gray-50",
      )}
    >
      <Heart aria-hidden className={clsx("size-4", favourite && "fill-current")} />
      {t(kind === "course" ? "favourites:course_toggle" : "favourites:lecture_toggle")}
    </button>
  );
}
