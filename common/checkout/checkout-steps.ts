// The checkout accordion's state (docs/product/cart-and-checkout.md#checkout-steps): three steps,
// each opening only after the previous one is saved; the Shipping Method header resets all.

export type CheckoutStep = 0 | 1 | 2;

export const STEP_TITLES: Record<CheckoutStep, string> = {
  0: 'Shipping Method',
  1: 'Billing and Shipping Address',
  2: 'Payment',
};

/** Shipping method ids are fixed by position: the first is pickup, the second delivery. */
export type ShippingKind = 'pickup' | 'delivery';

export function shippingKindAt(index: number): ShippingKind | null {
  if (index === 0) return 'pickup';
  if (index === 1) return 'delivery';
  return null;
}

export type StepsState = {
  active: CheckoutStep;
  shippingMethodId: string | null;
  shippingKind: ShippingKind | null;
  shippingPrice: number;
  hasInsurance: boolean;
  shippingDone: boolean;
  addressDone: boolean;
};

export const initialStepsState: StepsState = {
  active: 0,
  shippingMethodId: null,
  shippingKind: null,
  shippingPrice: 0,
  hasInsurance: false,
  shippingDone: false,
  addressDone: false,
};

export type StepsAction =
  | { type: 'shippingSaved'; methodId: string; kind: ShippingKind; price: number; hasInsurance: boolean }
  | { type: 'insuranceChanged'; hasInsurance: boolean }
  | { type: 'addressSaved' }
  | { type: 'resetToShipping' }
  | { type: 'open'; step: CheckoutStep };

export function isStepEnabled(state: StepsState, step: CheckoutStep): boolean {
  if (step === 0) return true;
  if (step === 1) return state.shippingDone;
  return state.shippingDone && state.addressDone;
}

export function stepsReducer(state: StepsState, action: StepsAction): StepsState {
  switch (action.type) {
    case 'shippingSaved':
      return {
        ...state,
        active: 1,
        shippingMethodId: action.methodId,
        shippingKind: action.kind,
        shippingPrice: action.price,
        hasInsurance: action.kind === 'delivery' && action.hasInsurance,
        shippingDone: true,
        addressDone: false,
      };
    case 'insuranceChanged':
      return { ...state, hasInsurance: state.shippingKind === 'delivery' && action.hasInsurance };
    case 'addressSaved':
      if (!state.shippingDone) return state;
      return { ...state, active: 2, addressDone: true };
    case 'resetToShipping':
      // Clicking the Shipping Method header starts over: method, price, insurance, address flag.
      return { ...initialStepsState };
    case 'open':
      return isStepEnabled(state, action.step) ? { ...state, active: action.step } : state;
  }
}

/** Pickup needs no shipping address; only delivery asks for one (or 'Ship to the same address'). */
export function needsShippingAddress(kind: ShippingKind | null): boolean {
  return kind === 'delivery';
}

export const SELECT_SHIPPING_METHOD_MESSAGE = 'Please select a shipping method';
