import type { ReactNode } from 'react';
import { makeIcon } from '../../../components/icons';

/** The about page's feature marks: decorative, the heading beside each names it. */
const makeFeatureIcon = (name: string, paths: ReactNode) => {
  const Icon = makeIcon(name, paths);
  return <Icon size={28} />;
};

export const featureIcons = {
  /** Four tiles, one being added: search, booking, payment and ticket in one place. */
  platform: makeFeatureIcon(
    'FeaturePlatform',
    <>
      <rect x="3" y="3" width="7" height="7" rx="1.5" />
      <rect x="14" y="3" width="7" height="7" rx="1.5" />
      <rect x="3" y="14" width="7" height="7" rx="1.5" />
      <path d="M14 17.5h7M17.5 14v7" />
    </>,
  ),
  /** A person with a star: the traveller as their own agent. */
  agent: makeFeatureIcon(
    'FeatureAgent',
    <>
      <circle cx="10" cy="7.5" r="3.5" />
      <path d="M3.5 20a6.5 6.5 0 0 1 10.4-5.2" />
      <path d="m17.5 13.2 1.1 2.2 2.4.4-1.7 1.7.4 2.4-2.2-1.1-2.2 1.1.4-2.4-1.7-1.7 2.4-.4z" />
    </>,
  ),
  /** A star with two sparks. */
  experience: makeFeatureIcon(
    'FeatureExperience',
    <>
      <path d="M11 4.5 13 9.3l5.2.4-4 3.4 1.2 5.1L11 15.5l-4.4 2.7 1.2-5.1-4-3.4L9 9.3z" />
      <path d="M19 3v3M17.5 4.5h3M20.5 15v2M19.5 16h2" />
    </>,
  ),
  /** A price tag. */
  prices: makeFeatureIcon(
    'FeaturePrices',
    <>
      <path d="M3 12.4V4.5A1.5 1.5 0 0 1 4.5 3h7.9l8.2 8.2a1.5 1.5 0 0 1 0 2.1l-7.3 7.3a1.5 1.5 0 0 1-2.1 0z" />
      <circle cx="8" cy="8" r="1.6" />
    </>,
  ),
} as const;

/** The about banner's picture: a dotted route between two pins over a globe, a plane on the way. */
export function AboutIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 220" width="320" height="220" aria-hidden="true" focusable="false">
      <circle cx="160" cy="112" r="92" fill="rgb(255 255 255 / 0.08)" />
      <circle cx="160" cy="112" r="92" fill="none" stroke="rgb(255 255 255 / 0.22)" strokeWidth="2" />
      <path
        d="M74 112h172M160 20c-26 26-38 56-38 92s12 66 38 92M160 20c26 26 38 56 38 92s-12 66-38 92M88 66h144M88 158h144"
        fill="none"
        stroke="rgb(255 255 255 / 0.16)"
        strokeWidth="2"
      />
      <path
        d="M62 170c40-78 104-118 196-122"
        fill="none"
        stroke="#ffd166"
        strokeWidth="3"
        strokeDasharray="3 10"
        strokeLinecap="round"
      />
      <g>
        <path d="M62 176c-9-12-14-20-14-27a14 14 0 0 1 28 0c0 7-5 15-14 27z" fill="#ffd166" />
        <circle cx="62" cy="149" r="5" fill="#0d3b36" />
      </g>
      <g>
        <path d="M258 54c-9-12-14-20-14-27a14 14 0 0 1 28 0c0 7-5 15-14 27z" fill="#ffffff" />
        <circle cx="258" cy="27" r="5" fill="#0b5e55" />
      </g>
      {/* A plane seen from above, on the route and heading along it. */}
      <path
        transform="translate(141 81) rotate(-32) scale(1.35)"
        d="M20 0c0-2.2-2-3.5-4-3.5H6L-6-18h-6l6 14.5h-8l-4-5h-5l3 8.5-3 8.5h5l4-5h8l-6 14.5h6L6 3.5h10c2 0 4-1.3 4-3.5z"
        fill="#ffffff"
      />
    </svg>
  );
}
