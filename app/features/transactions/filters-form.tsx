// The transactions filters (status, provider, product, date from/to, search) as a GET form: the filters live in
// the address, so a filtered list can be bookmarked, and the page works before hydration. The sales summary
// uses it without the status (it counts successful transactions only).
import { providerNames, transactionStatuses, type TransactionFilters } from "#core/transactions/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/ui/field.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

export function FiltersForm({
  action,
  filters,
  products,
  withStatus = true,
}: {
  action: string;
  filters: TransactionFilters;
  products: { id: number; title: string }[];
  withStatus?: boolean;
}) {
  const t = useT();
  const any = { value: "", label: t("transactions:any") };
  return (
    <FilterForm
      label={t("transactions:filters")}
      action={action}
      layout="grid"
      submitLabel={t("transactions:apply")}
      clear={{ label: t("transactions:clear") }}
    >
      <Field
        label={t("transactions:search")}
        name="q"
        type="search"
        defaultValue={filters.q}
        hint={t("transactions:search_hint")}
        className="sm:col-span-2 lg:col-span-3"
      />
      {withStatus && (
        <SelectField
          label={t("transactions:status")}
          name="status"
          defaultValue={filters.status ?? ""}
          options={[
            any,
            ...transactionStatuses.map((status) => ({ value: status, label: t(`transactions:status_${status}`) })),
          ]}
        />
      )}
      <SelectField
        label={t("transactions:provider")}
        name="provider"
        defaultValue={filters.provider ?? ""}
        options={[any, ...providerNames.map((name) => ({ value: name, label: t(`transactions:provider_${name}`) }))]}
      />
      <SelectField
        label={t("transactions:product")}
        name="product_id"
        defaultValue={filters.product_id ? String(filters.product_id) : ""}
        options={[any, ...products.map((product) => ({ value: String(product.id), label: product.title }))]}
      />
      <Field label={t("transactions:from")} name="from" type="date" defaultValue={filters.from ?? ""} />
      <Field label={t("transactions:to")} name="to" type="date" defaultValue={filters.to ?? ""} />
    </FilterForm>
  );
}
