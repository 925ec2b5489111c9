// A short choice as a group of radio cards, each with its label and a hint (a product's kind, who may read an
// article). A native fieldset of radios: the keyboard and screen readers treat it as one group.
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  gridClassName = "sm:grid-cols-2",
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string; hint: string }[];
  /** the cards' columns from the small breakpoint on */
  gridClassName?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className={`grid gap-2 ${gridClassName}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-ink">{option.label}</span>
              <span className="text-xs text-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
