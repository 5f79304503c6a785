// How long an order takes to arrive, said the same way at checkout, in the demo shop's terms
// and FAQ, and on the about page (docs: the product decisions' "Delivery promise").

/** Delivery to the customer's address, counted from confirmation. */
export const DELIVERY_PROMISE = '3 to 5 business days';

/** A pickup order is ready at the store after this long. */
export const PICKUP_PROMISE = '3 to 5 days';
