import {
  chooseOption,
  OPTION_LABELS,
  optionChoices,
  optionValueLabel,
  usedOptions,
  type PickerVariant,
  type Selection,
} from '../../../common/catalogue/variant-selection';

/** Radio groups in the order color -> memory -> coverWarranty; a group opens once the one before is chosen. */
export function VariantPicker({
  variants,
  selection,
  onChange,
}: {
  variants: PickerVariant[];
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const keys = usedOptions(variants);
  if (keys.length === 0 || variants.length <= 1) return null;
  return (
    <div className="space-y-3">
      {keys.map((key, index) => {
        const choices = optionChoices(variants, selection, key);
        const earlierOpen = keys.slice(0, index).some((k) => selection[k] == null);
        return (
          <fieldset key={key} disabled={earlierOpen} className="disabled:opacity-60">
            <legend className="text-sm font-semibold">
              {OPTION_LABELS[key]}
              {selection[key] != null ? <span className="font-normal text-gray-700">: {optionValueLabel(key, selection[key])}</span> : null}
            </legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {choices.map((value) => (
                <label
                  key={value}
                  className="cursor-pointer rounded-md border border-gray-300 px-3 py-1.5 text-sm has-[:checked]:border-secondary has-[:checked]:bg-secondary-light has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-secondary"
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`option-${key}`}
                    value={value}
                    checked={selection[key] === value}
                    onChange={() => onChange(chooseOption(variants, selection, key, value))}
                  />
                  {optionValueLabel(key, value)}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
