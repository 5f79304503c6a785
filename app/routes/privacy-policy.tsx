import { Link } from 'react-router';
import type { Route } from './+types/privacy-policy';
import { CONTACT_EMAIL, SHOP_NAME } from '../../common/shop-info';
import { ContentPageView } from '../components/catalogue/ContentPage';
import { loadSavedContentPage } from '../components/catalogue/content-page.server';
import { StaticPage } from '../components/catalogue/StaticPage';
import { seoMeta } from '../components/catalogue/seo';
import { DataProtectionOfficerQuery } from '../graphql/seller-details';
import { query } from '../lib/api.server';

/** The data protection officer named in the seller's details (/staff/settings); the shop's address until staff enter one. */
type Officer = { name: string; email: string; seller: string };

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: data?.page?.title ?? 'Privacy Policy',
    description: data?.page?.description ?? `How ${SHOP_NAME} collects, uses and protects your personal information under the Data Privacy Act of 2012.`,
    url: data?.canonical,
  });

export async function loader({ context }: Route.LoaderArgs) {
  // A page staff saved (/staff/content/pages) replaces the built-in text below; where to exercise
  // one's rights and the data protection officer are shown under it either way.
  const [page, { sellerDetails }] = await Promise.all([loadSavedContentPage(context, 'privacy-policy', '/privacy-policy'), query(context, DataProtectionOfficerQuery)]);
  const officer: Officer = {
    name: sellerDetails?.dataProtectionOfficerName ?? '',
    email: sellerDetails?.dataProtectionOfficerEmail || CONTACT_EMAIL,
    seller: sellerDetails?.registeredName || SHOP_NAME,
  };
  return { canonical: `${context.publicUrl}/privacy-policy`, page, officer };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { page, officer } = loaderData;
  if (page) {
    return (
      <>
        <ContentPageView page={page} />
        <div className="container-page prose-suki max-w-3xl space-y-4 pb-10 text-gray-800 [&_a]:text-secondary-dark [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_ul]:list-disc">
          <YourRights officer={officer} />
        </div>
      </>
    );
  }
  return (
    <StaticPage title="Privacy Policy" subtitle="Effective July 15, 2020">
      <PrivacyPolicyText officer={officer} />
    </StaticPage>
  );
}

/** Where to exercise each right, and who the data protection officer is (docs/product/privacy.md). */
function YourRights({ officer, title = 'How to exercise your rights' }: { officer: Officer; title?: string }) {
  return (
    <section aria-labelledby="exercise-rights">
      <h2 id="exercise-rights">{title}</h2>
      <ul>
        <li>
          <strong>Access and portability:</strong> signed in, open <Link to="/account/profile">your profile</Link> and choose{' '}
          <em>Download my data</em> for a copy of everything we hold about you (account, addresses, orders and payments, reviews,
          watchlist, cart, referral points and payouts, consents and notification subscriptions), in JSON.
        </li>
        <li>
          <strong>Correction:</strong> change your name, email, birthday, addresses and bank details on your profile and address pages.
        </li>
        <li>
          <strong>Erasure:</strong> on your profile, choose <em>Delete my account</em> and enter your password. You are signed out
          everywhere and your profile, addresses, saved cards, reviews, watchlist and cart are erased at once. While an order or a
          payout is not finished, deletion waits until it is. We keep your orders, payments, invoices and payouts with the name and
          address they were issued with, for ten years as the National Internal Revenue Code requires of our books, and to handle
          refunds and warranty claims.
        </li>
        <li>
          <strong>Consent:</strong> we record when you accept our cookie notice and which version of it you accepted. To withdraw it,
          or for any other request or complaint, write to our Data Protection Officer.
        </li>
      </ul>
      <p data-dpo>
        Data Protection Officer of {officer.seller}: {officer.name ? `${officer.name}, ` : ''}
        <a href={`mailto:${officer.email}`}>{officer.email}</a>. You may also file a complaint with the National Privacy Commission at{' '}
        <a href="https://privacy.gov.ph" rel="noopener noreferrer" target="_blank">
          privacy.gov.ph
        </a>
        .
      </p>
    </section>
  );
}

/** The built-in policy (also the editor's starting point in the back office, without the officer). */
export function PrivacyPolicyText({ officer }: { officer?: Officer }) {
  return (
    <>
      <p>
        {SHOP_NAME} (“we”, “us”) respects your privacy. This policy explains what personal information we collect when
        you use our website and services, why we collect it, how we protect it, and the rights you have under Republic
        Act No. 10173, the Data Privacy Act of 2012, its Implementing Rules and Regulations, and the issuances of the
        National Privacy Commission (NPC).
      </p>

      <h2>1. Information we collect</h2>
      <ul>
        <li>
          <strong>Account information:</strong> your name, email address, password (stored only as a secure hash),
          birthday, sex and profile picture, if you provide them.
        </li>
        <li>
          <strong>Order and delivery information:</strong> billing and shipping addresses, mobile number, the products
          you order, and your order and payment history.
        </li>
        <li>
          <strong>Payment information:</strong> card payments are processed by our payment partners. We keep only what
          we need to show and manage your saved cards (such as card type and the last four digits); we never store
          full card numbers or security codes.
        </li>
        <li>
          <strong>Commissioner (referral) programme:</strong> your referral code, the people you referred, points
          earned, and the bank or GCash details you give us for payouts.
        </li>
        <li>
          <strong>Reviews and watchlist:</strong> product reviews you write and products you save.
        </li>
        <li>
          <strong>Technical information:</strong> your IP address, browser type, pages visited and cookies that keep
          you signed in and remember your preferences.
        </li>
      </ul>

      <h2>2. How we use your information</h2>
      <ul>
        <li>To create and manage your account and verify your email address.</li>
        <li>To process, deliver and support your orders, including pre-orders, installments and returns.</li>
        <li>To process payments and prevent fraud together with our payment partners.</li>
        <li>To run the Commissioner programme: credit points and send payouts.</li>
        <li>To send service messages about your orders and account.</li>
        <li>To improve our website, products and services, using aggregated information where possible.</li>
        <li>To comply with our legal obligations, such as tax and accounting rules.</li>
      </ul>
      <p>
        We process your personal information on the basis of your consent, the performance of our contract with you,
        our compliance with legal obligations, and our legitimate interests as allowed by Section 12 of the Data Privacy
        Act. We do not sell your personal information.
      </p>

      <h2>3. Sharing your information</h2>
      <p>We share personal information only as needed to serve you:</p>
      <ul>
        <li>with couriers and logistics partners, to deliver your orders;</li>
        <li>with payment processors, banks and e-wallets, to process payments and payouts;</li>
        <li>with installment and buy-now-pay-later partners, when you choose to pay with them;</li>
        <li>with our trade-in partner, when you start a trade-in;</li>
        <li>with government authorities, when the law requires it.</li>
      </ul>
      <p>
        Our partners may process your information only on our instructions and must protect it as the Data Privacy Act
        requires.
      </p>

      <h2>4. Cookies</h2>
      <p>
        We use cookies to keep you signed in (for up to 30 days), to remember your cookie choice and the referral code
        you used, and to understand how our website is used. You can delete or block cookies in your browser, but some
        parts of the shop, such as the cart and checkout, need them to work.
      </p>

      <h2>5. How we protect your information</h2>
      <p>
        We use organisational, physical and technical security measures, including encrypted connections (HTTPS),
        hashed passwords, access controls for our staff and regular reviews of our systems. No system is perfectly
        secure; if a personal data breach happens, we will notify the NPC and affected users as the law requires.
      </p>

      <h2>6. How long we keep your information</h2>
      <p>
        We keep personal information for as long as your account is active and as needed to provide our services, and
        afterwards only as long as required by law (for example, tax records) or to settle disputes. We then delete or
        anonymise it.
      </p>

      <h2>7. Your rights</h2>
      <p>Under the Data Privacy Act of 2012 you have the right:</p>
      <ul>
        <li>to be informed about how your personal information is processed;</li>
        <li>to access your personal information;</li>
        <li>to object to processing, and to withdraw your consent;</li>
        <li>to correct inaccurate or incomplete information;</li>
        <li>to have your information erased or blocked when it is no longer needed or was unlawfully processed;</li>
        <li>to data portability, receiving your information in a commonly used electronic format;</li>
        <li>to claim damages, and to file a complaint with the National Privacy Commission.</li>
      </ul>
      <p>
        You can download your data, correct most of your details and delete your account from your profile (see
        section 10). For any other request, contact our Data Protection Officer.
      </p>

      <h2>8. Children</h2>
      <p>
        Our services are meant for adults. We do not knowingly collect personal information from children under 18
        without the consent of a parent or guardian, and age-restricted products require confirmation that you are 18
        or older.
      </p>

      <h2>9. Changes to this policy</h2>
      <p>
        We may update this policy from time to time. We will post the new version on this page with its effective date
        and, for important changes, let you know by email or on the website.
      </p>

      {officer ? (
        <YourRights officer={officer} title="10. Exercising your rights and contacting us" />
      ) : (
        <>
          <h2>10. Contact us</h2>
          <p>
            Data Protection Officer, {SHOP_NAME}: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. You may also
            contact the National Privacy Commission at{' '}
            <a href="https://privacy.gov.ph" rel="noopener noreferrer" target="_blank">
              privacy.gov.ph
            </a>
            .
          </p>
        </>
      )}
    </>
  );
}
