// The countdown (spec §2): four boxes (days, hours, minutes, seconds) ticking every second (§9), days and hours
// hidden when zero, a slot below while it runs (a promotion's prices), the configured text after the end; the
// admin's background and text colours and extra classes. Its end is always the server's (issue 16, an honest
// countdown): a promotion's end read when the page was rendered, or, evergreen, the visitor's deadline that the
// server keeps (POST /json/pages/countdowns/{id}), so a second tab or a cleared storage shows the same end.
// The boxes appear after hydration: a cached page was rendered at another moment than the visitor's.
import { type ReactNode, useEffect, useState } from "react";
import { clsx } from "clsx";
import { countdownParts, nextTickIn, visibleUnits } from "#core/pages/countdown.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const unitKeys = { days: "pages:days", hours: "pages:hours", minutes: "pages:minutes_unit", seconds: "pages:seconds" };

/** The time now, every second until endsAt (the clock is injectable for tests and previews). */
export function useTicking(endsAt: number | null, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (endsAt === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = clock();
      setNow(at);
      if (at < endsAt) timer = setTimeout(tick, nextTickIn(endsAt, at));
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt, clock]);
  return now;
}

export function CountdownBlock({
  blockId,
  mode,
  endsAt,
  expiredText,
  bgColor,
  textColor,
  customClasses,
  children,
}: {
  blockId: number;
  mode: "promo" | "evergreen";
  endsAt: string | null;
  expiredText: string;
  bgColor: string;
  textColor: string;
  customClasses: string;
  /** the slot shown while it runs */
  children?: ReactNode;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [end, setEnd] = useState<number | null>(endsAt ? Date.parse(endsAt) : null);
  useEffect(() => {
    if (mode !== "evergreen") return;
    let live = true;
    void api<{ endsAt: string }>("POST", `/json/pages/countdowns/${blockId}`, {}, { silent: true }).then(
      (answer) => live && setEnd(Date.parse(answer.endsAt)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [mode, blockId]);
  const now = useTicking(end);
  const parts = end === null ? null : countdownParts(end, now);
  const ended = mode === "promo" ? end === null || parts!.expired : parts?.expired === true;
  const style = { backgroundColor: bgColor || undefined, color: textColor || undefined };

  return (
    <section
      className={clsx("rounded-2xl bg-gray-900 px-4 py-6 text-center text-white sm:px-8", customClasses)}
      style={style}
      data-block-countdown={mode}
      data-countdown-state={!hydrated || parts === null ? (ended ? "ended" : "waiting") : ended ? "ended" : "running"}
    >
      {ended ? (
        <p className="text-lg font-semibold" data-countdown-expired>
          {expiredText}
        </p>
      ) : (
        <>
          <h2 className="sr-only">{t("pages:countdown_label")}</h2>
          <div className="flex justify-center gap-2 sm:gap-4" role="timer" aria-label={t("pages:countdown_label")}>
            {hydrated && parts
              ? visibleUnits(parts).map((unit) => (
                  <div
                    key={unit}
                    className="flex min-w-16 flex-col items-center rounded-xl bg-black/25 px-3 py-3 sm:min-w-20"
                    data-unit={unit}
                  >
                    <span className="text-3xl font-bold tabular-nums sm:text-4xl" aria-hidden>
                      {String(parts[unit]).padStart(2, "0")}
                    </span>
                    <span className="mt-1 text-xs uppercase tracking-wide opacity-90">{t(unitKeys[unit])}</span>
                    <span className="sr-only">{`${parts[unit]} ${t(unitKeys[unit])}`}</span>
                  </div>
                ))
              : (["minutes", "seconds"] as const).map((unit) => (
                  <div key={unit} className="flex min-w-16 flex-col items-center rounded-xl bg-black/25 px-3 py-3">
                    <span className="text-3xl font-bold sm:text-4xl" aria-hidden>
                      --
                    </span>
                    <span className="mt-1 text-xs uppercase tracking-wide opacity-90">{t(unitKeys[unit])}</span>
                  </div>
                ))}
          </div>
          {children && <div className="mt-4 text-sm">{children}</div>}
        </>
      )}
    </section>
  );
}
