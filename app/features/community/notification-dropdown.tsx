// The topic feed's notification dropdown (spec §2 "Community topic feed"; issue 14, item 7): shows how much mail the
// topic sends the viewer and lets them choose: muted, new posts, every post and comment, a daily digest. A Radix
// dropdown menu with a radio group: arrow keys move, Enter or Space choose, Escape closes. Saved at once through
// POST /json/community/topics/{id}/notifications; the page keeps the answer (onChange) if it wants to.
import { DropdownMenu } from "radix-ui";
import { Bell, BellOff, Check } from "lucide-react";
import { useState } from "react";
import { topicNotificationLevels, type TopicNotificationLevel } from "#core/community/notifications/schemas.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";

const item =
  "flex cursor-default items-start gap-2 rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-gray-100";

export function NotificationDropdown({
  topicId,
  level: initial,
  onChange,
  label,
}: {
  topicId: number;
  /** null: never chosen (only comments on the viewer's own posts are mailed) */
  level: TopicNotificationLevel | null;
  onChange?: (level: TopicNotificationLevel) => void;
  /** the trigger's accessible name when a page shows several (account settings); default the dropdown's label */
  label?: string;
}) {
  const t = useT();
  const [level, setLevel] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function choose(value: string) {
    const next = value as TopicNotificationLevel;
    if (next === level || busy) return;
    const previous = level;
    setLevel(next);
    setBusy(true);
    try {
      await api("POST", `/json/community/topics/${topicId}/notifications`, { level: next });
      toast.success(t("notifications:level_saved"));
      onChange?.(next);
    } catch {
      setLevel(previous);
    } finally {
      setBusy(false);
    }
  }

  const Icon = level === "muted" ? BellOff : Bell;
  return (
    // Not modal: the page around stays in the accessibility tree (a modal menu hides it with aria-hidden).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={buttonClass("secondary", "gap-2")}
        aria-label={`${label ?? t("notifications:dropdown_label")}: ${t(`notifications:current_${level ?? "none"}`)}`}
        data-testid="topic-notifications"
        aria-busy={busy}
      >
        <Icon aria-hidden className="size-4" />
        <span>{t(`notifications:current_${level ?? "none"}`)}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 w-80 rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-200"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">
            {t("notifications:dropdown_label")}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={level ?? ""} onValueChange={choose}>
            {topicNotificationLevels.map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} className={item}>
                <span className="mt-0.5 size-4 shrink-0">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="flex flex-col">
                  <span className="font-medium">{t(`notifications:level_${value}`)}</span>
                  <span className="text-muted">{t(`notifications:level_${value}_hint`)}</span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {level === null && (
            <p className="border-t border-gray-200 px-3 py-2 text-xs text-muted">
              {t("notifications:level_none_note")}
            </p>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
