import { decrementQuantity, incrementQuantity, nextQuantity, type QuantityInput as Q } from '../../../common/catalogue/product-rules';

/** Quantity: positive values or empty; minus stops at 1 (docs/product/catalogue.md#product-page); plus and typing stop at `max` (the stock). */
export function QuantityInput({ value, onChange, disabled, max }: { value: Q; onChange: (q: Q) => void; disabled?: boolean; max?: number }) {
  const clamp = (q: Q): Q => (q === '' || max == null || max < 1 ? q : Math.min(q, max));
  return (
    <div className="flex items-center">
      <label htmlFor="quantity" className="mr-3 text-sm font-semibold">
        Quantity
      </label>
      <button
        type="button"
        className="h-9 w-9 rounded-l-md border border-gray-300 text-lg"
        onClick={() => onChange(decrementQuantity(value))}
        disabled={disabled}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <input
        id="quantity"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(clamp(nextQuantity(value, e.target.value)))}
        disabled={disabled}
        className="h-9 w-16 border-y border-gray-300 text-center"
      />
      <button
        type="button"
        className="h-9 w-9 rounded-r-md border border-gray-300 text-lg"
        onClick={() => onChange(clamp(incrementQuantity(value)))}
        disabled={disabled || (max != null && max >= 1 && value !== '' && value >= max)}
        aria-label="Increase quantity"
      >
        +
      </button>
    </div>
  );
}
