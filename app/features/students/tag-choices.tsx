// The school's tags as checkboxes (a new student's, the bulk import's): each ticked one is sent as `tag_ids`.
import { Checkbox } from "#app/ui/field.tsx";
import { useT } from "#app/lib/i18n.tsx";

export type TagOption = { id: number; name: string; public: boolean };

export function TagChoices({ legend, tags }: { legend: string; tags: TagOption[] }) {
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {tags.map((tag) => (
          <Checkbox
            key={tag.id}
            name="tag_ids"
            value={String(tag.id)}
            label={`${tag.name} (${t(tag.public ? "students:public" : "students:private")})`}
          />
        ))}
      </div>
    </fieldset>
  );
}
