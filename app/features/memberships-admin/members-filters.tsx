// The members list's filters (status, a search over name and e-mail) as a GET form: they live in the address, so a
// filtered list can be bookmarked and the form works before hydration.
import { memberStatuses, type MemberFilters } from "#core/memberships/admin/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/ui/field.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

export function MembersFilters({ action, filters }: { action: string; filters: MemberFilters }) {
  const t = useT();
  return (
    <FilterForm
      label={t("memberships_admin:filters")}
      action={action}
      submitLabel={t("memberships_admin:apply")}
      clear={{ label: t("memberships_admin:clear") }}
    >
      <Field
        label={t("memberships_admin:search")}
        name="q"
        type="search"
        defaultValue={filters.q}
        hint={t("memberships_admin:search_hint")}
        className="sm:flex-1"
      />
      <SelectField
        label={t("memberships_admin:status")}
        name="status"
        defaultValue={filters.status ?? ""}
        options={[
          { value: "", label: t("memberships_admin:any_status") },
          ...memberStatuses.map((status) => ({
            value: status,
            label: t(`memberships:status_${status.toLowerCase()}`),
          })),
        ]}
      />
    </FilterForm>
  );
}
