// The demo shop's Terms and Conditions, FAQ and trade-in FAQ (staff edit them later). Delivery
// times come from the checkout's own promise, so the pages cannot say otherwise; how pre-orders
// are paid and the PayPal fee are the shop's own words too (common/checkout/gateways.ts, ADR 040).
import { PAYPAL_FEE_TEXT, PRE_ORDER_PAYMENT_TEXT } from '../../../common/checkout/gateways';
import { TIRE_DELIVERY_NOTICE } from '../../../common/catalogue/tire-search';
import { DELIVERY_PROMISE, PICKUP_PROMISE } from '../../../common/checkout/delivery-promise';
import { RETURNS_POLICY } from '../../../common/shop-promises';

export const CONTENT_PAGES = [
  {
    slug: 'terms',
    title: 'Terms and Conditions',
    seoDescription: 'The terms that apply when you shop at Suki.',
    content: `
<h2>1. About these terms</h2>
<p>These terms apply to every purchase made at Suki, an online shop serving customers in the Philippines. By placing an order you agree to them.</p>
<h2>2. Prices and payment</h2>
<p>All prices are in Philippine pesos (PHP) and include VAT. We accept credit and debit cards, e-wallets, online banking, bank deposit, installment partners and cash on delivery where available.</p>
<h2>3. Orders</h2>
<p>An order is confirmed once payment is verified, or once our team confirms a cash-on-delivery order. You may request to cancel an order while it is still unfulfilled.</p>
<h2>4. Delivery</h2>
<p>We deliver nationwide in ${DELIVERY_PROMISE} once your order is confirmed. ${TIRE_DELIVERY_NOTICE} Pickup orders are ready at our store after ${PICKUP_PROMISE}.</p>
<h2>5. Warranty and returns</h2>
<p>Products carry the manufacturer's official Philippine warranty. ${RETURNS_POLICY} See our <a href="/faqs">FAQ</a> for details.</p>
<h2>6. Referral programme</h2>
<p>Referral points are earned on fulfilled and fully paid orders of the customers you refer. One point is worth one peso. Payouts can be requested from 500 points.</p>
<h2>7. Contact</h2>
<p>Questions? Email <a href="mailto:support@suki.ph">support@suki.ph</a>.</p>`,
  },
  {
    slug: 'faqs',
    title: 'Frequently Asked Questions',
    seoDescription: 'Answers about orders, payments, delivery and warranty at Suki.',
    content: `
<h3>Are your products brand new and authentic?</h3>
<p>Yes. Every product is brand new, sealed and sourced from official Philippine distributors, with official warranty.</p>
<h3>How long is delivery?</h3>
<p>${DELIVERY_PROMISE} once your order is confirmed, wherever we deliver in the Philippines. ${TIRE_DELIVERY_NOTICE} Pickup orders are ready at our store after ${PICKUP_PROMISE}. You will receive a tracking number once your order ships.</p>
<h3>Can I pay in installments?</h3>
<p>Yes. Products marked installment-ready can be paid through our installment partners at checkout.</p>
<h3>What is the exchange warranty?</h3>
<p>For selected phones you can add a 12-month exchange warranty. If your phone develops a factory defect, you get a replacement unit after paying the exchange request fee shown on the product page.</p>
<h3>How do pre-orders work?</h3>
<p>Pre-order items are reserved for you and ship on the official release date. ${PRE_ORDER_PAYMENT_TEXT}</p>
<h3>Is there a fee for paying with PayPal?</h3>
<p>${PAYPAL_FEE_TEXT}</p>
<h3>Can I cancel my order?</h3>
<p>You can request a cancellation while the order is unfulfilled, from your account's order page.</p>`,
  },
  {
    slug: 'faq-trade-in',
    title: 'Trade-In FAQ',
    seoDescription: 'How to trade in your old phone for credit at Suki.',
    content: `
<h3>What is the trade-in programme?</h3>
<p>Trade in your old smartphone through our partner and get credit toward a new device.</p>
<h3>Which phones are accepted?</h3>
<p>Most iPhone, Samsung, Xiaomi, OPPO, vivo and realme models from the last five years, in working condition.</p>
<h3>How is my phone valued?</h3>
<p>Our partner checks the model, storage, screen and body condition, battery health and whether the phone is locked to an account.</p>
<h3>What should I do before trading in?</h3>
<ul><li>Back up your data.</li><li>Sign out of iCloud or your Google and Samsung accounts.</li><li>Remove your SIM and memory cards.</li><li>Factory reset the phone.</li></ul>
<h3>How long does it take?</h3>
<p>The assessment takes about 15 minutes at a partner store; the credit is applied to your purchase right away.</p>`,
  },
];
