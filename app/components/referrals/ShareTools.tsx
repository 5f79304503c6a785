// Share tools of the Commissioner programme (docs/product/referrals.md#sharing): verified users share their link
// (social share, copy link with the 'Link copy to clipboard' toast), its QR code and a PDF card;
// unverified users see 'Not Verified' and a 'Verify' link.
import { Link } from 'react-router';
import { ShareButtons } from '../catalogue/ShareButtons';

export const REFERRAL_CARD_PATH = '/referral-card.pdf';

type Props = {
  isVerified: boolean;
  link: string | null;
  qrCode: { url: string; alt: string } | null;
};

export function ShareTools({ isVerified, link, qrCode }: Props) {
  if (!isVerified || !link) {
    return (
      <p className="text-sm">
        <span className="font-medium text-red-800">Not Verified</span>{' '}
        <Link to="/verify" className="font-semibold text-secondary-dark underline">
          Verify
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p className="break-all text-sm">
        <span className="text-gray-700">Your link: </span>
        <a href={link} className="font-medium text-secondary-dark underline" data-testid="referral-link">
          {link}
        </a>
      </p>
      <ShareButtons url={link} title="Sign up at Suki with my Commissioner Key" />
      <div className="flex flex-wrap items-center gap-4">
        {qrCode ? <img src={qrCode.url} alt={qrCode.alt} width={128} height={128} className="rounded border border-gray-200" /> : null}
        <a href={REFERRAL_CARD_PATH} download className="btn-outline">
          Download PDF
        </a>
      </div>
    </div>
  );
}
