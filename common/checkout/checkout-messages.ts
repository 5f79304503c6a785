// The rulebook's cart and checkout texts, word for word (docs/product/messages.md#checkout-and-payment), kept in one place so
// screens and tests agree.
export const CART_MESSAGES = {
  loginRequired: 'Please signup/login to unlock add to cart',
  addressRequired: 'Please add your billing and shipping address to add this item to your cart.',
  unableToRemove: 'Unable to remove item.',
  emptyCart: 'NO PRODUCT IN CART',
  emptyPanel: 'You have no item in your cart right now.',
  emptyDuringCheckout: 'You have no more items in your cart Redirecting you to home....',
  genericError: 'Error',
  /** An add-to-cart request that names no variant (the product page says 'Please select a variant' first). */
  enterVariant: 'Please enter a variant',
} as const;

export const CHECKOUT_MESSAGES = {
  selectShipping: 'Please select a shipping method',
  somethingWrong: 'Something went wrong!',
  insuranceFailed: 'Unable to get insurance',
  placeFailedTitle: 'Failed to Place Order',
  placeFailedText: 'We cannot place your order right now.',
  unverifiedEmail: 'Your email is not verified! Please verify your email to continue checkout.',
  verifyButton: 'Verify Email Address',
  billingRequired: 'Please add a billing address to continue your checkout.',
  addressInvalid: 'Please enter the important fields',
} as const;
