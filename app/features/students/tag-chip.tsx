// A student's tag as a small label: a public one (the student sees it) in the brand's colour, a private one grey.
import { Badge } from "#app/ui/badge.tsx";
import { useT } from "#app/lib/i18n.tsx";

export function TagChip({ tag }: { tag: { name: string; public: boolean } }) {
  const t = useT();
  return (
    <Badge tone={tag.public ? "info" : "neutral"} title={t(tag.public ? "students:public" : "students:private")}>
      {tag.name}
    </Badge>
  );
}
