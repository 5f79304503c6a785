import { PAYMENT_METHOD_LOGOS } from '../../../common/shop-info';

type MarkName = (typeof PAYMENT_METHOD_LOGOS)[number];

const W = 64;
const H = 32;

/** Centred bold text of a mark. */
function Word({ children, fill, size = 13, italic = false, y = 21 }: { children: React.ReactNode; fill: string; size?: number; italic?: boolean; y?: number }) {
  return (
    <text x={W / 2} y={y} textAnchor="middle" fontFamily="Arial,Helvetica,sans-serif" fontSize={size} fontWeight={700} fontStyle={italic ? 'italic' : undefined} fill={fill}>
      {children}
    </text>
  );
}

/**
 * Our own simple marks for the ways to pay (coloured word marks drawn here, no brand artwork):
 * inline, so the footer needs no extra request and never shifts when they load.
 */
const MARKS: Record<MarkName, { bg: string; body: React.ReactNode }> = {
  GCash: { bg: '#0057e7', body: <Word fill="#fff">GCash</Word> },
  Maya: { bg: '#111111', body: <Word fill="#3ee08f" size={15}>maya</Word> },
  Visa: { bg: '#ffffff', body: <Word fill="#1a1f71" size={15} italic>VISA</Word> },
  Mastercard: {
    bg: '#ffffff',
    body: (
      <>
        <circle cx={26} cy={16} r={9} fill="#eb001b" />
        <circle cx={38} cy={16} r={9} fill="#f79e1b" fillOpacity={0.9} />
      </>
    ),
  },
  PayPal: {
    bg: '#ffffff',
    body: (
      <text x={W / 2} y={21} textAnchor="middle" fontFamily="Arial,Helvetica,sans-serif" fontSize={13} fontWeight={700} fontStyle="italic">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#0079c1">Pal</tspan>
      </text>
    ),
  },
  BillEase: { bg: '#ffffff', body: <Word fill="#00897b" size={12}>BillEase</Word> },
  Atome: { bg: '#f0ff5f', body: <Word fill="#111111" size={14}>atome</Word> },
  GrabPay: { bg: '#00a545', body: <Word fill="#fff" size={12}>GrabPay</Word> },
  BDO: {
    bg: '#ffffff',
    body: (
      <>
        <Word fill="#0033a0" size={15} y={20}>BDO</Word>
        <rect x={20} y={23} width={24} height={3} rx={1.5} fill="#ffc72c" />
      </>
    ),
  },
  'Bank Deposit': {
    bg: '#ffffff',
    body: (
      <>
        <path d="M10 13 19 8l9 5zM11 14h16M13 15v7M19 15v7M25 15v7M10 24h18" stroke="#374151" strokeWidth={1.6} fill="none" strokeLinejoin="round" />
        <text x={45} y={20} textAnchor="middle" fontFamily="Arial,Helvetica,sans-serif" fontSize={10} fontWeight={700} fill="#374151">
          Bank
        </text>
      </>
    ),
  },
  'Cash on Delivery': {
    bg: '#ffffff',
    body: (
      <>
        <rect x={8} y={9} width={20} height={14} rx={2} fill="#16a34a" />
        <text x={18} y={20} textAnchor="middle" fontFamily="Arial,Helvetica,sans-serif" fontSize={10} fontWeight={700} fill="#fff">
          ₱
        </text>
        <text x={44} y={20} textAnchor="middle" fontFamily="Arial,Helvetica,sans-serif" fontSize={11} fontWeight={700} fill="#374151">
          COD
        </text>
      </>
    ),
  },
  'WeChat Pay': { bg: '#07a654', body: <Word fill="#fff" size={10}>WeChat Pay</Word> },
};

/**
 * The ways to pay as small marks (footer, cart, checkout), each named by its SVG title: an
 * aria-label would also answer "the field labelled GCash" where a form has one.
 */
export function PaymentMarks({ className = 'grid grid-cols-4 gap-1.5', names = PAYMENT_METHOD_LOGOS }: { className?: string; names?: readonly MarkName[] }) {
  return (
    <ul className={className} aria-label="Ways to pay">
      {names.map((name) => {
        const mark = MARKS[name];
        return (
          <li key={name} className="flex">
            <svg role="img" width={W} height={H} viewBox={`0 0 ${W} ${H}`} className="h-8 w-16 rounded-md ring-1 ring-gray-200">
              <title>{name}</title>
              <rect width={W} height={H} rx={6} fill={mark.bg} />
              {mark.body}
            </svg>
          </li>
        );
      })}
    </ul>
  );
}
