// Fixed facts about the shop shown in the header, footer and emails.
export const SHOP_NAME = 'Suki';
export const SHOP_TAGLINE = 'Phones, tablets, accessories and tires, delivered across the Philippines.';
export const CONTACT_EMAIL = 'hello@suki.ph';

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/suki.ph' },
  { name: 'Instagram', href: 'https://www.instagram.com/suki.ph' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@suki.ph' },
  { name: 'YouTube', href: 'https://www.youtube.com/@suki.ph' },
] as const;

/** The payment-methods logo grid in the footer. */
export const PAYMENT_METHOD_LOGOS = [
  'GCash',
  'Maya',
  'Visa',
  'Mastercard',
  'PayPal',
  'BillEase',
  'Atome',
  'GrabPay',
  'BDO',
  'Bank Deposit',
  'Cash on Delivery',
  'WeChat Pay',
] as const;

export const COOKIE_CONSENT_COOKIE = 'cookie_consent';
export const COOKIE_CONSENT_DAYS = 150;
