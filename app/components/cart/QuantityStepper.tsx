// Minus / typed number / plus. The cart's minus stops at 0 (docs/product/cart-and-checkout.md#cart).
import { decrementQuantity, incrementQuantity, MAX_LINE_QUANTITY, parseTypedQuantity } from '../../../common/checkout/cart-quantity';

type Props = {
  /** null while the field is emptied by typing. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** Accessible name, e.g. the product name. */
  label: string;
  disabled?: boolean;
  /** The most that can be bought (the stock): plus and typing stop there. */
  max?: number;
};

export function QuantityStepper({ value, onChange, label, disabled, max = MAX_LINE_QUANTITY }: Props) {
  const current = value ?? 0;
  const clamp = (q: number | null) => (q == null ? q : Math.min(q, max));
  return (
    <div className="inline-flex items-center rounded-md border border-gray-400" role="group" aria-label={`Quantity of ${label}`}>
      <button
        type="button"
        className="h-9 w-9 text-lg font-bold text-gray-800 hover:bg-gray-100 disabled:opacity-50"
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || current <= 0}
        onClick={() => onChange(decrementQuantity(current))}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={`Quantity of ${label}`}
        className="h-9 w-12 border-x border-gray-400 text-center text-sm focus:outline-none"
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(e) => onChange(clamp(parseTypedQuantity(e.target.value, value)))}
      />
      <button
        type="button"
        className="h-9 w-9 text-lg font-bold text-gray-800 hover:bg-gray-100 disabled:opacity-50"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled || current >= max}
        onClick={() => onChange(clamp(incrementQuantity(current)))}
      >
        +
      </button>
    </div>
  );
}
